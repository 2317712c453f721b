// JSON Schema of site.yaml: every site-wide fact, stated once. Pages refer to these
// facts with placeholders such as {{company.phone.display}} instead of repeating them.
import { href, icon } from '../blocks/_shared/schema-parts'

const str = (description: string, maxLength = 200) => ({ type: 'string', minLength: 1, maxLength, description }) as const
const navLink = {
  type: 'object',
  additionalProperties: false,
  required: ['label', 'href'],
  properties: { label: str('Visible text.', 60), href },
} as const

const relatedLinkSet = {
  type: 'array',
  minItems: 1,
  items: {
    type: 'object',
    additionalProperties: false,
    required: ['title', 'url', 'description', 'icon'],
    properties: { title: str('Link title.', 80), url: href, description: str('One sentence.', 200), icon },
  },
} as const

export const siteSchema = {
  $schema: 'http://json-schema.org/draft-07/schema#',
  title: 'site.yaml',
  description: 'Everything site-wide, stated once: company facts, navigation, footer, SEO defaults and redirects.',
  type: 'object',
  additionalProperties: false,
  required: ['company', 'claims', 'services', 'relatedLinks', 'nav', 'footer', 'seo', 'notFound', 'redirects'],
  properties: {
    company: {
      type: 'object',
      additionalProperties: false,
      required: ['name', 'legalName', 'description', 'foundingYear', 'phone', 'email', 'address', 'licence', 'employees', 'rating', 'priceRange', 'hours', 'social'],
      properties: {
        name: str('Company name as shown on the site.', 80),
        legalName: str('Registered name (structured data).', 120),
        description: str('One-sentence description of the company (structured data, footer).', 300),
        foundingYear: { type: 'integer', minimum: 1900, maximum: 2100, description: 'Year the company started serving clients. The only place this fact lives.' },
        phone: {
          type: 'object',
          additionalProperties: false,
          required: ['display', 'tel'],
          description: 'The 24/7 emergency and consultation line. All phone links dial it.',
          properties: {
            display: str('As shown to visitors, e.g. (407) 555-0142.', 30),
            tel: { type: 'string', pattern: '^\\+1\\d{10}$', description: 'E.164 form for tel: links, e.g. +14075550142.' },
          },
        },
        email: { type: 'string', format: 'email', description: 'Public contact e-mail.' },
        address: {
          type: 'object',
          additionalProperties: false,
          required: ['street', 'city', 'region', 'regionName', 'postalCode', 'country', 'latitude', 'longitude'],
          properties: {
            street: str('Street address.'),
            city: str('City.', 60),
            region: { type: 'string', pattern: '^[A-Z]{2}$', description: 'Two-letter state code.' },
            regionName: str('State name, e.g. Florida.', 40),
            postalCode: { type: 'string', pattern: '^\\d{5}$' },
            country: { type: 'string', pattern: '^[A-Z]{2}$' },
            latitude: { type: 'number', minimum: -90, maximum: 90 },
            longitude: { type: 'number', minimum: -180, maximum: 180 },
          },
        },
        licence: {
          type: 'object',
          additionalProperties: false,
          required: ['agency', 'officerClasses'],
          properties: {
            agency: str('State agency licence number, e.g. B 3200642.', 30),
            officerClasses: {
              type: 'array',
              minItems: 1,
              items: {
                type: 'object',
                additionalProperties: false,
                required: ['class', 'label'],
                properties: { class: str('Licence class letter.', 3), label: str('What the class allows.', 80) },
              },
            },
          },
        },
        employees: str('Head-count band, e.g. 50-100.', 20),
        rating: {
          type: 'object',
          additionalProperties: false,
          required: ['value', 'count'],
          properties: { value: { type: 'number', minimum: 0, maximum: 5 }, count: { type: 'integer', minimum: 0 } },
        },
        priceRange: str('Price marker for structured data, e.g. $$$.', 5),
        hours: {
          type: 'object',
          additionalProperties: false,
          required: ['opens', 'closes'],
          description: 'Opening hours, every day of the week.',
          properties: { opens: { type: 'string', pattern: '^\\d\\d:\\d\\d$' }, closes: { type: 'string', pattern: '^\\d\\d:\\d\\d$' } },
        },
        social: {
          type: 'array',
          minItems: 1,
          items: {
            type: 'object',
            additionalProperties: false,
            required: ['name', 'url'],
            properties: { name: str('Network name, e.g. LinkedIn.', 30), url: { type: 'string', pattern: '^https://' } },
          },
        },
      },
    },
    claims: {
      type: 'object',
      description: 'Marketing figures used across pages ({{claims.name}}), e.g. yearsExperience: 30+.',
      additionalProperties: { type: ['string', 'number'] },
    },
    services: {
      type: 'array',
      minItems: 1,
      description: 'The service catalogue, in display order: the Services dropdown, the services listing and related-services cards all come from here.',
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['title', 'href', 'icon', 'summary'],
        properties: {
          title: str('Service name.', 60),
          href,
          icon,
          summary: str('One or two sentences for the service card.', 300),
        },
      },
    },
    relatedLinks: {
      type: 'object',
      description: 'Sets of related links that related-links blocks pick from, by context.',
      additionalProperties: false,
      required: ['security', 'protection', 'consulting', 'events', 'residential'],
      properties: {
        security: relatedLinkSet,
        protection: relatedLinkSet,
        consulting: relatedLinkSet,
        events: relatedLinkSet,
        residential: relatedLinkSet,
      },
    },
    nav: {
      type: 'object',
      additionalProperties: false,
      required: ['links', 'services', 'cta'],
      properties: {
        links: { type: 'array', minItems: 1, items: navLink, description: 'Header links in order.' },
        services: {
          type: 'object',
          additionalProperties: false,
          required: ['label', 'href'],
          description: 'The Services dropdown; it lists the `services` catalogue.',
          properties: {
            label: str('Dropdown label.', 40),
            href,
            position: { type: 'integer', minimum: 0, default: 2, description: 'How many header links come before the dropdown.' },
          },
        },
        cta: navLink,
      },
    },
    footer: {
      type: 'object',
      additionalProperties: false,
      required: ['columns', 'credentials', 'copyrightYear'],
      properties: {
        columns: {
          type: 'array',
          items: {
            type: 'object',
            additionalProperties: false,
            required: ['heading', 'links'],
            properties: { heading: str('Column heading.', 60), links: { type: 'array', items: navLink } },
          },
        },
        credentials: { type: 'array', items: str('A licence or credential line.', 200) },
        copyrightYear: { type: 'integer', minimum: 1990, maximum: 2100 },
      },
    },
    seo: {
      type: 'object',
      additionalProperties: false,
      required: ['siteName', 'origin', 'locale', 'twitterHandle', 'defaultImage', 'titleSuffix'],
      properties: {
        siteName: str('Site name for link previews.', 80),
        origin: { type: 'string', pattern: '^https://[^/]+$', description: 'Public origin used for canonical URLs, no trailing slash.' },
        locale: { type: 'string', pattern: '^[a-z]{2}_[A-Z]{2}$' },
        twitterHandle: { type: 'string', pattern: '^@\\w+$' },
        defaultImage: { type: 'string', pattern: '^/', description: 'Sharing image used when a page sets none.' },
        titleSuffix: { type: 'string', maxLength: 60, description: 'Appended to titles that do not already contain the site name.' },
      },
    },
    notFound: {
      type: 'object',
      additionalProperties: false,
      required: ['code', 'message', 'linkLabel', 'title'],
      description: 'Texts of the not-found page.',
      properties: { title: str('Browser title.', 70), code: str('Large code.', 10), message: str('Message.', 120), linkLabel: str('Link back home.', 40) },
    },
    breadcrumbLabels: {
      type: 'object',
      description: 'Friendly breadcrumb labels for path segments, e.g. services: Security Services.',
      additionalProperties: { type: 'string', maxLength: 60 },
    },
    redirects: {
      type: 'array',
      description: 'Old or short addresses that send visitors elsewhere (HTTP 301).',
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['from', 'to'],
        properties: {
          from: { type: 'string', pattern: '^/[a-z0-9/-]*$' },
          to: { type: 'string', pattern: '^/[a-z0-9/-]*$' },
        },
      },
    },
  },
} as const
