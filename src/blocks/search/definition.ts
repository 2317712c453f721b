import { localeOf, siteLocales } from '../../content/locales'
import { heading, text } from '../../content/schema-parts'
import { searchIndexUrl } from '../../content/search-options'
import { defineBlock } from '../define'

const searchSchema = {
  title: 'Search',
  description:
    'A search box and results over every page and article, from an index built with the site. Reads and writes ?q= in the address.',
  type: 'object',
  additionalProperties: false,
  required: ['heading'],
  properties: {
    heading: {
      ...heading,
      description: "The page's main heading (h1), above the search box.",
      examples: ['Search', 'Search Our Site'],
    },
    intro: {
      ...text,
      description: 'Optional paragraph under the heading, before the search box.',
      examples: ['Find services, city pages and articles.'],
    },
    label: {
      type: 'string',
      maxLength: 60,
      description: "The label above the search box (default: site.yaml's texts.search.label in the page's language).",
      examples: ['Search the site', 'What are you looking for?'],
    },
    noResults: {
      type: 'string',
      maxLength: 200,
      description:
        "The message shown when nothing matches the search, up to 200 characters (default: site.yaml's texts.search.noResults in the page's language).",
      examples: ['No pages match your search. Try another word, or call us at {{company.phone.display}}.'],
    },
  },
  examples: [{ heading: 'Search', intro: 'Find services, city pages and articles.' }],
} as const

export default defineBlock(searchSchema, {
  hydrate: 'idle',
  // The page's language decides what is searched (its own index) and the words around the box.
  resolve: ({ label, noResults }, { page, index }) => {
    const texts = index.site.texts.search
    return {
      label: label ?? texts.label,
      noResults: noResults ?? texts.noResults,
      texts: { button: texts.button, searching: texts.searching, failed: texts.failed, results: texts.results },
      locale: index.locale,
      indexUrl: searchIndexUrl(localeOf(page.path, siteLocales(index.site)).home),
      action: page.path,
    }
  },
  nonTextFields: ['texts', 'locale', 'indexUrl', 'action'],
  rendersForm: true,
})
