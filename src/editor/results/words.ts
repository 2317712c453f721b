// The Results view's words, in each language the site has (words.json).
import words from './words.json'

export type Words = (typeof words)['en']

export function wordsIn(language: keyof typeof words): Words {
  return words[language]
}
