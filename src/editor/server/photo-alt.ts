// The editor's own rule on photos: a photo is not saved without its alt text, in the page's
// language. `npm run check` takes `alt: ""` as a decorative image on purpose (a drawing beside a
// text that says it all); a photo the marketer just added is not decorative, and the editor
// leaves its alt empty for them to write, so it asks for it until they do.

import { imagesOfPage } from '../../engine/integrity/images'
import type { Content } from '../../engine/load-content'
import type { Problem } from '../../engine/problems'
import { problemAt } from '../../engine/yaml-source'
import { PHOTO_FILE } from './protocol'

/** A problem at every photo of `file` whose alt text is empty, saying in which language to write it. */
export function photoAltProblems(content: Content, file: string): Problem[] {
  const page = content.parsed.find((p) => p.file === file)
  if (!page) return []
  const code = content.pages.find((p) => p.path === page.address)?.locale ?? content.locales[0]?.code
  const language = content.locales.find((l) => l.code === code)?.name ?? code
  return imagesOfPage(page)
    .filter((image) => PHOTO_FILE.test(image.src) && image.alt?.value === '')
    .map((image) =>
      problemAt(
        image.source,
        image.alt!.path,
        `this photo has no alt text yet: write in ${language} what it shows, for people who cannot see it`,
        { part: 'key' },
      ),
    )
}
