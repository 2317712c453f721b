// JSON Schema of site.yaml: every site-wide fact, stated once. Pages refer to these
// facts with placeholders such as {{company.phone.display}} instead of repeating them.
import { href, icon } from './schema-parts'
import { siteTextsSchema } from './site-texts-schema'

const str = (description: string, maxLength = 200) =>
  ({ type: 'string', minLength: 1, maxLength, description }) as const
const navLink = {
  type: 'object',
  additionalProperties: false,
  required: ['label', 'href'],
  properties: {
    label: { ...str("The link's visible text (up to 60 characters).", 60), examples: ['About', 'Contact'] },
    href: { ...href, examples: ['/about-us', '/contact-us'] },
  },
} as const

const relatedLinkSet = (about: string) =>
  ({
    type: 'array',
    minItems: 1,
    description: `${about} Each link has a title, an address, one sentence and an icon; a related-links block shows the first ones (4 unless it sets \`max\`), leaving out the page it is on.`,
    items: {
      type: 'object',
      additionalProperties: false,
      required: ['title', 'url', 'description', 'icon'],
      properties: {
        title: {
          ...str("The link's title, shown in bold (up to 80 characters).", 80),
          examples: ['All Services', 'Request a Quote'],
        },
        url: {
          ...href,
          description: 'Where the link goes, usually a site address such as /services.',
          examples: ['/services', '/contact-us'],
        },
        description: {
          ...str('One sentence under the title saying what the visitor finds there (up to 200 characters).', 200),
          examples: ['Everything we offer, and how we work.'],
        },
        icon: {
          ...icon,
          description: 'The icon shown beside the link. The list of icon names is in docs/blocks.md#icons.',
          examples: ['radar', 'phone'],
        },
      },
    },
  }) as const

const time = (description: string, example: string) =>
  ({ type: 'string', pattern: '^\\d\\d:\\d\\d$', description, examples: [example] }) as const
const address = (description: string, example: string) =>
  ({ type: 'string', pattern: '^/[a-z0-9/-]*$', description, examples: [example] }) as const

const relatedLinksSchema = {
  type: 'object',
  description:
    'Sets of related links, each under a name the site chooses: a related-links block shows the set its `context` names.',
  examples: [
    { services: [{ title: 'All Services', url: '/services', description: 'Everything we offer.', icon: 'shield' }] },
  ],
  propertyNames: { pattern: '^[a-z][a-z0-9-]*$' },
  additionalProperties: relatedLinkSet(
    'One set of links, named by its key (lowercase letters, digits and dashes), which related-links blocks write as their `context`.',
  ),
} as const

const navSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['links', 'services', 'cta'],
  description: 'The header navigation on every page: its links, the Services dropdown and the button at the right.',
  properties: {
    links: {
      type: 'array',
      minItems: 1,
      items: navLink,
      description: 'Header links, in order from left to right (the Services dropdown sits among them).',
    },
    services: {
      type: 'object',
      additionalProperties: false,
      required: ['label', 'href'],
      description: 'The Services dropdown; it lists the `services` catalogue.',
      properties: {
        label: {
          ...str('The dropdown\'s label; its last entry reads "All <label>" (up to 40 characters).', 40),
          examples: ['Services'],
        },
        href: {
          ...href,
          description: "The address of the services listing, the dropdown's last entry.",
          examples: ['/services'],
        },
        position: {
          type: 'integer',
          minimum: 0,
          default: 2,
          description: 'How many header links come before the dropdown (default 2).',
          examples: [2],
        },
      },
    },
    cta: {
      ...navLink,
      description: 'The highlighted button at the right of the header, e.g. Request a Quote.',
      examples: [{ label: 'Request a Quote', href: '/contact-us' }],
    },
  },
} as const

const footerSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['columns', 'credentials', 'copyrightYear'],
  description:
    'The footer on every page: link columns, credential lines and the copyright year. The company details and social links come from `company`.',
  properties: {
    columns: {
      type: 'array',
      description: 'Columns of links, in order from left to right, each with a heading.',
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['heading', 'links'],
        properties: {
          heading: { ...str('Column heading (up to 60 characters).', 60), examples: ['Services', 'Company'] },
          links: { type: 'array', items: navLink, description: "The column's links, top to bottom." },
        },
      },
    },
    credentials: {
      type: 'array',
      items: str('A credential line.', 200),
      description:
        'Credential lines at the bottom of the footer, one per entry (up to 200 characters each); the lines of `company.credentials` with `footer: true` are added after them.',
      examples: [
        ['State Trade Licence {{company.credentials.trade.number}}', 'Family-owned since {{company.foundingYear}}'],
      ],
    },
    copyrightYear: {
      type: 'integer',
      minimum: 1990,
      maximum: 2100,
      description: "The year in the footer's copyright line (© <year> <legal name>).",
      examples: [2025],
    },
  },
} as const

const notFoundSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['code', 'message', 'linkLabel', 'title'],
  description: 'Texts of the not-found page.',
  properties: {
    title: {
      ...str('Browser tab title of the not-found page (up to 70 characters).', 70),
      examples: ['Page Not Found | Example Co.'],
    },
    code: { ...str('The large code shown as the heading, in quotes, e.g. "404".', 10), examples: ['404'] },
    message: {
      ...str('The message under the code (up to 120 characters).', 120),
      examples: ['Oops! Page not found'],
    },
    linkLabel: {
      ...str('Text of the button back to the home page (up to 40 characters).', 40),
      examples: ['Return to Home'],
    },
  },
} as const

const breadcrumbLabelsSchema = {
  type: 'object',
  description: 'Friendly breadcrumb labels for path segments, e.g. services: Our Services.',
  examples: [{ services: 'Services', insights: 'Insights' }],
  additionalProperties: {
    type: 'string',
    maxLength: 60,
    description:
      "The breadcrumb label for this part of an address (up to 60 characters). A page's own `meta.breadcrumb` wins over it.",
    examples: ['Our Services'],
  },
} as const

/**
 * The schema with no `required` keys at any depth. Typed as the complete schema: a locale's
 * texts are checked key by key before any page uses them (engine/integrity/locales.ts).
 */
function withoutRequired<S>(schema: S): S {
  if (Array.isArray(schema)) return schema.map(withoutRequired) as S
  if (!schema || typeof schema !== 'object') return schema
  return Object.fromEntries(
    Object.entries(schema)
      .filter(([key]) => key !== 'required')
      .map(([key, value]) => [key, withoutRequired(value)]),
  ) as S
}

/**
 * One language of the site. The first one listed is the default: its pages are pages/*.yaml
 * at /, and its words are the rest of site.yaml. Each other one is at /<code>/ (pages/<code>/)
 * and translates here what every page shows; facts (phone, credentials, figures) are never repeated.
 */
const localeSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['name', 'ogLocale'],
  description:
    'One language: its name, and (for every language but the first) the translation of what every page shows.',
  properties: {
    name: {
      ...str("The language's name in that language, as the language switcher shows it: English, Español.", 30),
      examples: ['English', 'Español'],
    },
    ogLocale: {
      type: 'string',
      pattern: '^[a-z]{2}_[A-Z]{2}$',
      description: 'Language and country for link previews (og:locale), e.g. en_US or es_US.',
      examples: ['en_US', 'es_US'],
    },
    company: {
      type: 'object',
      additionalProperties: false,
      description: 'The words of `company` in this language (its facts stay in `company`).',
      properties: {
        description: {
          ...str('`company.description` in this language (up to 300 characters).', 300),
          examples: ['Empresa familiar al servicio de hogares y negocios de toda la región.'],
        },
        credentials: {
          type: 'object',
          description:
            'The names of `company.credentials` in this language, by their keys there (their numbers stay in `company`).',
          examples: [{ trade: { name: 'Licencia estatal de oficio' } }],
          additionalProperties: {
            type: 'object',
            additionalProperties: false,
            required: ['name'],
            properties: { name: str("The credential's name in this language (up to 80 characters).", 80) },
          },
        },
      },
    },
    claims: {
      type: 'object',
      description:
        'Marketing figures whose wording has words (e.g. replyWithin: 24 horas), in this language. The figures must be those of `claims`: a check compares them.',
      examples: [{ replyWithin: '24 horas' }],
      additionalProperties: {
        type: ['string', 'number'],
        description: 'The figure of `claims` with this name, worded in this language.',
        examples: ['24 horas'],
      },
    },
    services: {
      type: 'object',
      description:
        "The service catalogue in this language, by the address of each service's page in the default language (order, icon and address come from `services`; the address is that of the page translating it).",
      examples: [{ '/services/repairs': { title: 'Reparaciones', summary: '…' } }],
      additionalProperties: {
        type: 'object',
        additionalProperties: false,
        required: ['title', 'summary'],
        properties: {
          title: str("The service's name in this language (up to 60 characters).", 60),
          summary: str('Its one or two sentences for the service card (up to 300 characters).', 300),
        },
      },
    },
    relatedLinks: {
      ...relatedLinksSchema,
      description:
        "The sets of related links that this language's pages use, by the names of `relatedLinks`, each with this language's addresses.",
    },
    nav: navSchema,
    footer: {
      ...footerSchema,
      required: ['columns', 'credentials'],
      properties: { columns: footerSchema.properties.columns, credentials: footerSchema.properties.credentials },
      description: "The footer in this language: its columns and credential lines (the copyright year is `footer`'s).",
    },
    notFound: notFoundSchema,
    breadcrumbLabels: breadcrumbLabelsSchema,
    // Not `required` key by key: a missing text is reported by the locale check (engine/
    // integrity/locales.ts) with the default language's text to translate, and the build stops.
    texts: withoutRequired(siteTextsSchema),
  },
} as const

export const siteSchema = {
  $schema: 'http://json-schema.org/draft-07/schema#',
  title: 'site.yaml',
  description: 'Everything site-wide, stated once: company facts, navigation, footer, SEO defaults and redirects.',
  type: 'object',
  additionalProperties: false,
  required: [
    'locales',
    'company',
    'claims',
    'services',
    'relatedLinks',
    'nav',
    'footer',
    'seo',
    'notFound',
    'texts',
    'redirects',
  ],
  properties: {
    locales: {
      type: 'object',
      minProperties: 1,
      description:
        'The languages of the site, the default first (at /, with the words of the rest of this file); each other one is at /<code>/, its pages in pages/<code>/. Keys are two-letter language codes: en, es.',
      propertyNames: { pattern: '^[a-z]{2}$' },
      examples: [{ en: { name: 'English', ogLocale: 'en_US' }, es: { name: 'Español', ogLocale: 'es_US' } }],
      additionalProperties: localeSchema,
    },
    company: {
      type: 'object',
      additionalProperties: false,
      required: [
        'name',
        'legalName',
        'description',
        'foundingYear',
        'phone',
        'email',
        'address',
        'credentials',
        'employees',
        'rating',
        'priceRange',
        'hours',
        'social',
      ],
      description:
        'Facts about the company: name, contact details, address, credentials and ratings. Shown in the header and footer, used by search engines, and written on pages as placeholders such as {{company.phone.display}}.',
      properties: {
        name: {
          ...str('Company name as shown on the site, e.g. in the footer (up to 80 characters).', 80),
          examples: ['Example Company'],
        },
        shortName: {
          ...str(
            'Short form of the name for the header on phones, where the full name does not fit on one line (up to 20 characters). Without it, phones show the logo alone.',
            20,
          ),
          examples: ['Example Co.'],
        },
        legalName: {
          ...str('Registered company name, for the copyright line and search engines (up to 120 characters).', 120),
          examples: ['Example Company LLC'],
        },
        description: {
          ...str(
            'One-sentence description of the company, shown in the footer and given to search engines (up to 300 characters).',
            300,
          ),
          examples: ['Family-owned company serving homes and businesses across the region since 1994.'],
        },
        foundingYear: {
          type: 'integer',
          minimum: 1900,
          maximum: 2100,
          description:
            'Year the company started serving clients. The only place this fact lives: pages write {{company.foundingYear}}.',
          examples: [1994],
        },
        phone: {
          type: 'object',
          additionalProperties: false,
          required: ['display', 'tel'],
          description: 'The main phone line. All phone links dial it.',
          properties: {
            display: {
              ...str('The number as visitors see it, e.g. (555) 555-0142. Pages write {{company.phone.display}}.', 30),
              examples: ['(555) 555-0142'],
            },
            tel: {
              type: 'string',
              pattern: '^\\+1\\d{10}$',
              description:
                'The same number in E.164 form for tel: links: +1 and ten digits, in quotes, e.g. "+15555550142". Pages write tel:{{company.phone.tel}}.',
              examples: ['+15555550142'],
            },
          },
        },
        email: {
          type: 'string',
          format: 'email',
          description: 'Public contact e-mail, shown in the footer and used when a form cannot load.',
          examples: ['hello@example.com'],
        },
        address: {
          type: 'object',
          additionalProperties: false,
          required: ['street', 'city', 'region', 'regionName', 'postalCode', 'country', 'latitude', 'longitude'],
          description:
            'The office address. The footer shows the city and state; search engines and maps get all of it.',
          properties: {
            street: { ...str('Street address, with the suite if any.'), examples: ['5600 Main Street, Suite 210'] },
            city: { ...str('City, e.g. Springfield.', 60), examples: ['Springfield'] },
            region: {
              type: 'string',
              pattern: '^[A-Z]{2}$',
              description: 'Two-letter state code in capitals, e.g. OR.',
              examples: ['OR'],
            },
            regionName: { ...str('State name, e.g. Oregon.', 40), examples: ['Oregon'] },
            postalCode: {
              type: 'string',
              pattern: '^\\d{5}$',
              description: 'Five-digit ZIP code, in quotes, e.g. "97401".',
              examples: ['97401'],
            },
            country: {
              type: 'string',
              pattern: '^[A-Z]{2}$',
              description: 'Two-letter country code in capitals: US.',
              examples: ['US'],
            },
            latitude: {
              type: 'number',
              minimum: -90,
              maximum: 90,
              description: 'Latitude of the office, in decimal degrees, for maps and local search.',
              examples: [44.0521],
            },
            longitude: {
              type: 'number',
              minimum: -180,
              maximum: 180,
              description: 'Longitude of the office, in decimal degrees (negative west of Greenwich).',
              examples: [-123.0868],
            },
          },
        },
        credentials: {
          type: 'object',
          description:
            "The company's licences, certifications and memberships, each under a key of the site's choosing (a letter first). Pages write {{company.credentials.<key>.number}}; the footer lists those with `footer: true`, search engines get those with `structuredData: true`.",
          examples: [
            { trade: { name: 'State Trade Licence', number: 'TL 123456', category: 'license', structuredData: true } },
          ],
          propertyNames: { pattern: '^[A-Za-z][A-Za-z0-9-]*$' },
          additionalProperties: {
            type: 'object',
            additionalProperties: false,
            required: ['name'],
            properties: {
              name: {
                ...str('What the credential is, as a short name (up to 80 characters).', 80),
                examples: ['State Trade Licence', 'Certified Installer'],
              },
              number: {
                ...str('Its number, if it has one, e.g. TL 123456.', 30),
                examples: ['TL 123456'],
              },
              category: {
                ...str(
                  'The kind of credential for search engines (schema.org credentialCategory), e.g. license or certification.',
                  40,
                ),
                examples: ['license', 'certification'],
              },
              footer: {
                type: 'boolean',
                default: false,
                description: 'Listed in the footer, one line each, worded by `texts.footer.credential`.',
              },
              structuredData: {
                type: 'boolean',
                default: false,
                description:
                  'Given to search engines as a credential of the business: its name followed by its number.',
              },
            },
          },
        },
        employees: { ...str('Head-count band, e.g. 50-100 (search engines).', 20), examples: ['50-100'] },
        rating: {
          type: 'object',
          additionalProperties: false,
          required: ['value', 'count'],
          description:
            'The average client rating and number of reviews, given to search engines; pages can write {{company.rating.value}}.',
          properties: {
            value: {
              type: 'number',
              minimum: 0,
              maximum: 5,
              description: 'Average rating out of 5, e.g. 4.9.',
              examples: [5.0, 4.9],
            },
            count: {
              type: 'integer',
              minimum: 0,
              description: 'How many reviews the average is based on.',
              examples: [47],
            },
          },
        },
        priceRange: { ...str('Price marker for search engines, from $ to $$$$$, e.g. $$$.', 5), examples: ['$$$'] },
        hours: {
          type: 'object',
          additionalProperties: false,
          required: ['opens', 'closes'],
          description: 'Opening hours, every day of the week (search engines). 00:00 to 23:59 means around the clock.',
          properties: {
            opens: time('Opening time, 24-hour HH:MM in quotes, e.g. "08:00".', '00:00'),
            closes: time('Closing time, 24-hour HH:MM in quotes, e.g. "18:00".', '23:59'),
          },
        },
        social: {
          type: 'array',
          minItems: 1,
          description:
            "The company's social media profiles, listed in the footer under Follow Us and given to search engines.",
          items: {
            type: 'object',
            additionalProperties: false,
            required: ['name', 'url'],
            properties: {
              name: {
                ...str('Network name, as the footer shows it, e.g. LinkedIn.', 30),
                examples: ['LinkedIn', 'Facebook'],
              },
              url: {
                type: 'string',
                pattern: '^https://',
                description: 'Full address of the profile, starting with https://.',
                examples: ['https://www.linkedin.com/company/example-company'],
              },
            },
          },
        },
      },
    },
    claims: {
      type: 'object',
      description: 'Marketing figures used across pages ({{claims.name}}), e.g. yearsExperience: 30+.',
      examples: [{ yearsExperience: '30+', response: '24/7', clients: 500 }],
      additionalProperties: {
        type: ['string', 'number'],
        description:
          'One marketing figure, as text or a number. Pages write it as {{claims.<its name>}}, so changing it here changes every page.',
        examples: ['30+', '24/7'],
      },
    },
    services: {
      type: 'array',
      minItems: 1,
      description:
        'The service catalogue, in display order: the Services dropdown, the services listing and related-services cards all come from here.',
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['title', 'href', 'icon', 'summary'],
        properties: {
          title: {
            ...str('Service name, as the dropdown and its card show it (up to 60 characters).', 60),
            examples: ['Repairs', 'Installation'],
          },
          href: {
            ...href,
            description: "The address of the service's page, e.g. /services/repairs.",
            examples: ['/services/repairs'],
          },
          icon: {
            ...icon,
            description: "The icon on the service's card. The list of icon names is in docs/blocks.md#icons.",
            examples: ['shield', 'calendar'],
          },
          summary: {
            ...str('One or two sentences for the service card (up to 300 characters).', 300),
            examples: ['Same-day repairs for homes and offices, with a written quote before any work starts.'],
          },
        },
      },
    },
    relatedLinks: relatedLinksSchema,
    places: {
      type: 'object',
      additionalProperties: false,
      required: ['listedOn'],
      description:
        "The site's places: each page that declares `meta.city` is a place, which city-list blocks link by its name. `listedOn` is the page whose city list names them all: `npm run new` adds a new place's name there (and to that page's translation in the new page's language).",
      properties: {
        listedOn: address('The address of the page whose city list names every place.', '/service-area'),
      },
    },
    nav: navSchema,
    footer: footerSchema,
    seo: {
      type: 'object',
      additionalProperties: false,
      required: ['siteName', 'origin', 'twitterHandle', 'defaultImage', 'titleSuffix'],
      description: 'Defaults for search engines and link previews, for every page.',
      properties: {
        siteName: {
          ...str('Site name for link previews and search engines (up to 80 characters).', 80),
          examples: ['Example Company'],
        },
        origin: {
          type: 'string',
          pattern: '^https://[^/]+$',
          description: 'Public origin used for canonical URLs, no trailing slash.',
          examples: ['https://www.example.com'],
        },
        twitterHandle: {
          type: 'string',
          pattern: '^@\\w+$',
          description: "The company's X (Twitter) account, starting with @, in quotes.",
          examples: ['@example_company'],
        },
        defaultImage: {
          type: 'string',
          pattern: '^/',
          description: 'Sharing image used when a page sets none.',
          examples: ['/og/default.png'],
        },
        titleSuffix: {
          type: 'string',
          maxLength: 60,
          description:
            'Appended to titles that do not already contain the site name. Start it with a space, in quotes, e.g. " | Example Co.". It counts toward the 60-character title length.',
          examples: [' | Example Co.'],
        },
      },
    },
    notFound: notFoundSchema,
    breadcrumbLabels: breadcrumbLabelsSchema,
    texts: siteTextsSchema,
    redirects: {
      type: 'array',
      description: 'Old or short addresses that send visitors elsewhere (HTTP 301).',
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['from', 'to'],
        properties: {
          from: address(
            'The old or short address: lowercase letters, digits, dashes and slashes, starting with /.',
            '/repairs',
          ),
          to: address('The address visitors are sent to instead: an existing page.', '/services/repairs'),
        },
      },
    },
  },
} as const
