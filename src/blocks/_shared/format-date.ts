// Dates are written at build time, in the page's language (Intl), in UTC so that the day is the
// one written in the YAML wherever the build runs.
export const formatDate = (isoDate: string, locale: string) =>
  new Intl.DateTimeFormat(locale, { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' }).format(
    new Date(`${isoDate}T00:00:00Z`),
  )
