// The pop-up messages after a submission (@mantine/notifications), loaded with the first one:
// never with the page.
import { MantineProvider } from '@mantine/core'
import { Notifications, notifications } from '@mantine/notifications'
import { createRoot } from 'react-dom/client'
import './toast.css'

let mounted = false

export function showToast({ title, text, color }: { title: string; text: string; color: string }) {
  if (!mounted) {
    mounted = true
    const container = document.createElement('div')
    document.body.append(container)
    createRoot(container).render(
      <MantineProvider forceColorScheme="light" withCssVariables={false} withGlobalClasses={false}>
        <Notifications limit={3} autoClose={4000} position="top-right" />
      </MantineProvider>,
    )
  }
  // Notifications subscribes to its store once mounted; a message shown before that is kept.
  notifications.show({ title, message: text, color })
}
