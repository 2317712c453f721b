// JSON Schema of templates/new-pages.yaml: the kinds of page `npm run new` and the page editor's
// New page make, with each kind's wording in each language. The kinds, their names and their
// words are the site's; the engine knows only what a kind may ask for (a place, a service, an article).
const str = (description: string, maxLength = 200) =>
  ({ type: 'string', minLength: 1, maxLength, description }) as const
const texts = (description: string) => ({ type: 'array', minItems: 1, items: str(description, 300) }) as const

const wording = {
  type: 'object',
  additionalProperties: false,
  required: ['file', 'titles', 'descriptions'],
  description: "A kind's page in one language: where its file goes, and the titles and descriptions to try.",
  properties: {
    file: {
      type: 'string',
      pattern: '^pages/[a-z0-9/{}-]*\\{slug\\}[a-z0-9/{}-]*\\.yaml$',
      description:
        'The file of a new page, under pages/, with {slug} where the name goes, e.g. pages/services/{slug}.yaml.',
    },
    titles: texts('A title to try, best first; {name} is the name given.'),
    descriptions: texts('A description to try, best first; {name} is the name given.'),
  },
} as const

const kind = {
  type: 'object',
  additionalProperties: false,
  required: ['label', 'example', 'locales'],
  properties: {
    label: str('What the kind makes, as the page editor and `npm run new` name it (up to 120 characters).', 120),
    example: str('A name to give as an example, e.g. in error messages.', 60),
    place: {
      type: 'boolean',
      default: false,
      description:
        "The page is a place (it declares `meta.city`): its name is added to the city list of site.yaml's `places.listedOn`.",
    },
    catalogue: {
      type: 'object',
      additionalProperties: false,
      required: ['icon', 'summary'],
      description: "The page is a service: it is added to site.yaml's `services` with this icon and summary.",
      properties: {
        icon: str('The icon of its entry.', 40),
        summary: str('Its summary; {name} is the name given.', 300),
      },
    },
    articles: {
      type: 'object',
      additionalProperties: false,
      required: ['list', 'picture'],
      description:
        "The page is an article: its category is one of the categories of the list page's block, and it gets a placeholder picture.",
      properties: {
        list: { type: 'string', pattern: '^/', description: 'The address of the page listing the articles.' },
        picture: {
          type: 'object',
          additionalProperties: false,
          required: ['from', 'to'],
          properties: {
            from: str('The placeholder picture to copy, e.g. templates/article-picture.svg.'),
            to: str('Where the copy goes, with {slug}, e.g. public/images/articles/{slug}.svg.'),
          },
        },
      },
    },
    defaults: {
      type: 'object',
      additionalProperties: false,
      description: 'The values of __REGION__ and __CATEGORY__ in the template when none is given.',
      properties: { region: str('The default region.', 60), category: str('The default category.', 40) },
    },
    locales: {
      type: 'object',
      minProperties: 1,
      description: "The kind's page in each language that has a template for it, by language code.",
      propertyNames: { pattern: '^[a-z]{2}$' },
      additionalProperties: wording,
    },
  },
} as const

export const newPagesSchema = {
  $schema: 'http://json-schema.org/draft-07/schema#',
  title: 'templates/new-pages.yaml',
  description: 'The kinds of page `npm run new` makes, and their wording in each language.',
  type: 'object',
  additionalProperties: false,
  required: ['kinds'],
  properties: {
    kinds: {
      type: 'object',
      minProperties: 1,
      description: 'Each kind of page by its name, as `npm run new -- <kind> "<name>"` writes it.',
      propertyNames: { pattern: '^[a-z][a-z0-9-]*$' },
      additionalProperties: kind,
    },
  },
} as const
