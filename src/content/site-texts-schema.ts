// JSON Schema of site.yaml's `texts`: every word the site shows that no page writes (the header,
// footer, breadcrumbs, floating buttons, error page, and the fixed words of blocks such as the
// search box or the carousel's buttons). The default language's are `texts:` at the top of
// site.yaml; each other language has its own under `locales.<code>.texts`, with the same keys.
//
// `{name}` in a text is filled in where it is shown (e.g. {phone} becomes the phone link);
// a text with `one` and `other` is chosen by the number it counts (Intl.PluralRules).

const text = (description: string, example: string, maxLength = 200) =>
  ({ type: 'string', minLength: 1, maxLength, description, examples: [example] }) as const

const plural = (description: string, one: string, other: string) =>
  ({
    type: 'object',
    additionalProperties: false,
    required: ['one', 'other'],
    description: `${description} \`one\` is used for 1 (as the language counts), \`other\` for every other number.`,
    properties: {
      one: text('The text for one.', one),
      other: text('The text for any other number.', other),
    },
  }) as const

const group = <P extends Record<string, object>>(description: string, properties: P) =>
  ({
    type: 'object',
    additionalProperties: false,
    required: Object.keys(properties) as (keyof P & string)[],
    description,
    properties,
  }) as const

/** The texts the layout shows on every page: they go to the browser with the app (content/browser-site.ts). */
export const layoutTextsSchema = {
  skipLink: text(
    'The first link of every page, shown on keyboard focus: it jumps to the content.',
    'Skip to main content',
    60,
  ),
  header: group('The header: the logo link, the menus and the language switcher.', {
    logoLabel: text('What screen readers say for the logo link; {name} is the company name.', '{name}, home', 80),
    mainNav: text('Name of the main navigation, for screen readers.', 'Main', 40),
    mobileNav: text('Name of the phone menu, for screen readers.', 'Mobile', 40),
    openMenu: text('What screen readers say for the phone menu button while it is closed.', 'Open menu', 40),
    closeMenu: text('The same while the menu is open.', 'Close menu', 40),
    allServices: text(
      'The last entry of the Services menu; {label} is the menu label (nav.services.label).',
      'All {label}',
      60,
    ),
  }),
  footer: group('The footer: its fixed headings and lines (the columns of links are `footer:`).', {
    socialNav: text('Name of the social media links, for screen readers.', 'Social media', 40),
    followUs: text('Heading over the social media links.', 'Follow Us', 40),
    newTab: text('Said after a link that opens in a new tab, for screen readers.', '(opens in a new tab)', 60),
    credential: text(
      'One line per credential the footer lists (`company.credentials` with `footer: true`); {name} is its name.',
      '{name} certified staff',
      100,
    ),
    rights: text('After the copyright line "© <year> <legal name>."', 'All rights reserved.', 80),
  }),
  floatingActions: group('The two buttons that float at the bottom of the screen.', {
    emergency: text('The emergency call button.', 'Emergency', 30),
    call: text('Said after it by screen readers; {phone} is the number.', 'call {phone}', 60),
    quote: text('The quote button (it leads to nav.cta.href).', 'Get Quote', 30),
  }),
  breadcrumbs: group('The breadcrumb trail (Home › Services › …).', {
    label: text('Name of the trail, for screen readers.', 'Breadcrumb', 40),
    home: text("The first crumb, when the language's home page sets no `meta.breadcrumb`.", 'Home', 40),
  }),
  errorPage: group('Shown if a page fails to display (a bug, never a missing page: that is `notFound`).', {
    heading: text('The heading.', 'Unexpected Application Error!', 80),
    text: text(
      'The text under it; {home} is the link to the home page.',
      'Something went wrong while showing this page. Please reload, or go back to the {home}.',
    ),
    home: text('The words of that link.', 'home page', 40),
  }),
} as const

/** The fixed words of blocks: filled into the blocks at build time, so none of them is in the bundle. */
export const blockTextsSchema = {
  cards: group('Cards and service cards.', {
    linkLabel: text("A card's link when the block sets no `linkLabel`.", 'Learn More', 30),
    about: text("Said after a card's link by screen readers; {title} is the card's title.", 'about {title}', 80),
  }),
  article: group('The top of an article page (article-header block).', {
    backLabel: text('The link back to the articles when the block sets no `backLabel`.', 'Back to Insights', 40),
    readTime: text('The reading time; {time} is meta.article.readTime (e.g. 5 min).', '{time} read', 40),
    byline: text('The author line; {author} is the author.', 'By {author}', 100),
  }),
  insights: group('The list of articles (insights-list block).', {
    allLabel: text('The first category button when the block sets no `allLabel`.', 'All Posts', 40),
    categories: text('Heading over the category buttons.', 'Categories', 40),
    categoriesNav: text('Name of the category buttons, for screen readers.', 'Article categories', 60),
    count: plural('How many articles are listed; {count} is the number.', '{count} article', '{count} articles'),
    countIn: plural(
      'How many articles a category has; {count} is the number, {category} the category.',
      '{count} article in {category}',
      '{count} articles in {category}',
    ),
    readMore: text("Each article card's link.", 'Read More', 30),
  }),
  search: group('The search box (search block).', {
    label: text('The label over the box when the block sets no `label`.', 'Search the site', 60),
    button: text('The search button.', 'Search', 30),
    searching: text('Shown while searching.', 'Searching…', 60),
    failed: text('Shown when the search could not run.', 'Search is unavailable right now. Please try again.'),
    results: plural(
      'How many pages match; {count} is the number, {query} what was searched.',
      '{count} result for “{query}”',
      '{count} results for “{query}”',
    ),
    noResults: text(
      'Shown when nothing matches and the block sets no `noResults`.',
      'No pages match your search. Try another word, or contact us directly.',
    ),
  }),
  testimonials: group("The testimonials carousel's controls.", {
    pause: text('The button that stops the rotation.', 'Pause', 30),
    play: text('The same button while stopped.', 'Play', 30),
    rotation: text('Said after Pause or Play by screen readers.', 'automatic rotation', 60),
    previous: text('The previous button, for screen readers.', 'Previous testimonial', 60),
    next: text('The next button, for screen readers.', 'Next testimonial', 60),
    show: text('Each dot, for screen readers; {number} is its position.', 'Show testimonial {number}', 60),
    slide: text(
      'Each slide, for screen readers; {number} is its position, {count} how many there are.',
      '{number} of {count}',
      40,
    ),
  }),
  form: group('Forms: the form block and the form itself (its fields are in forms/<kind>/).', {
    notSentInvalid: text(
      'Shown when a form sent without JavaScript came back invalid; {phone} is the phone link.',
      "Your form was not sent: some answers are missing or not in the expected format. Press your browser's Back button to return to your answers and check them, or call us at {phone}.",
      400,
    ),
    notSentBusy: text(
      'Shown when a form sent without JavaScript hit the rate limit; {phone} is the phone link.',
      'Your form was not sent: too many forms came from your network. Please wait ten minutes and send it again, or call us at {phone}.',
      400,
    ),
    notSentFailed: text(
      'Shown when a form sent without JavaScript failed on our side; {phone} is the phone link.',
      'Your form was not sent because of a problem on our side. Please try again in a few minutes, or call us at {phone}.',
      400,
    ),
    loading: text(
      'Shown in place of the form while its code loads; {phone} and {email} are links.',
      'Call {phone} or e-mail {email}.',
    ),
    close: text(
      'The button that closes a form opened over the page (a quote button opens the form of the first screen there).',
      'Close',
      30,
    ),
    needsAttention: plural(
      'After a submit with mistakes; {count} is how many answers need attention.',
      '{count} answer needs your attention. The first one has focus.',
      '{count} answers need your attention. The first one has focus.',
    ),
    tooMany: plural(
      'When the server asks to wait; {minutes} is how long, {phone} the phone link.',
      'Too many forms were sent from your network. Please wait {minutes} minute and send it again, or call us at {phone}. Your answers are kept.',
      'Too many forms were sent from your network. Please wait {minutes} minutes and send it again, or call us at {phone}. Your answers are kept.',
    ),
    offline: text(
      'When the browser is offline; {phone} is the phone link.',
      'You appear to be offline, so nothing was sent. Your answers are kept: send the form again once you are connected, or call us at {phone}.',
      400,
    ),
    failed: text(
      'When sending failed for another reason; {phone} is the phone link.',
      'Nothing was sent. Your answers are kept: please try again, or call us at {phone}.',
      400,
    ),
    selectOption: text('The first, empty option of a list that has no placeholder of its own.', 'Select an option', 60),
    honeypot: text('The label of the hidden anti-spam field (only robots fill it in).', 'Leave this field empty', 60),
    onlyIfAnswered: text(
      'Under a question that applies only after an answer; {option} is the answer, {question} the question.',
      'Only if you answered “{option}” to “{question}”',
    ),
    onlyIfNot: text(
      'The same for an answer that must not be given.',
      'Only if your answer to “{question}” is not “{option}”',
    ),
    onlyIfApplies: text('The same when the rule is more complex.', 'Only if it applies to you', 80),
    next: text('A form in steps (the application): the button to the next step.', 'Next', 30),
    back: text('The button back to the step before.', 'Back', 30),
    startOver: text('The button that clears every answer.', 'Start over', 40),
    confirmStartOver: text(
      'The question asked before Start over clears anything.',
      'Clear every answer and start again?',
      100,
    ),
    stepHeading: text(
      "The heading of each step; {number} is the step's number, {count} how many there are, {title} its title.",
      'Step {number} of {count}: {title}',
      80,
    ),
    stepProgress: text("The progress bar's text (read where it cannot be drawn).", '{number} of {count}', 40),
    review: text('The title of the last step, which lists every answer before sending.', 'Review your answers', 60),
    edit: text("The review's button back to a step (screen readers hear the step's title after it).", 'Edit', 30),
    noAnswers: text('In the review, under a step with no answer given.', 'No answers.', 60),
    yes: text('A yes/no answer, as the review shows it.', 'Yes', 20),
    no: text('The same for no.', 'No', 20),
    fileNotAttached: text(
      'In the review, instead of a file chosen before a reload (browsers cannot keep it); {name} is its name.',
      'Not attached: choose “{name}” again',
      120,
    ),
    fileLost: text(
      'Under the file field after a reload, for the same reason; {name} is the file name.',
      '“{name}” could not be kept when the page reloaded: please choose your résumé again.',
    ),
    fileType: text(
      'When the chosen file is of a type the form does not take; {types} lists those it takes.',
      'Your resume must be a {types} file.',
    ),
    fileSize: text(
      'When the chosen file is too large; {size} is the limit in megabytes.',
      'Your resume must be {size} MB or smaller.',
    ),
  }),
} as const

export const siteTextsSchema = group(
  "Every word the site shows that no page writes: the layout's and the fixed words of blocks. Each other language has the same keys under `locales.<code>.texts`.",
  { ...layoutTextsSchema, ...blockTextsSchema },
)
