// Fixed locale and time zone, so the server and the browser print the same date.
const formatter = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' })

export const formatDate = (isoDate: string) => formatter.format(new Date(`${isoDate}T00:00:00Z`))
