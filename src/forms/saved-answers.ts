// The answers a tab keeps of a stepped form, through a reload (sessionStorage, gone with the tab):
// their key, read by the form (steps.tsx) and by the page, which gives them back on idle (load-form.ts).
export const savedAnswersKey = (kind: string) => `${kind}-form`
