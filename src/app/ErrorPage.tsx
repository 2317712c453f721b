import { useEffect } from 'react'

// Shown when rendering fails. Deliberately depends on nothing but React: whatever broke
// (data, a block, the router) must not also break the fallback.
export function ErrorPage({ error }: { error: unknown }) {
  useEffect(() => {
    console.error(error)
  }, [error])
  return (
    <section className="block" aria-labelledby="error-heading">
      <div className="container">
        <h1 id="error-heading">Unexpected Application Error!</h1>
        <p>
          Something went wrong while showing this page. Please reload, or go back to the <a href="/">home page</a>.
        </p>
      </div>
    </section>
  )
}
