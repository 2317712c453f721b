// The app's entry, imported by src/app/boot.js once the page has loaded and painted.
import { startApp } from './app/start-app'
import './styles/index.css'

void startApp()
