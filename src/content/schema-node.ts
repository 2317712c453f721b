/** The parts of a JSON Schema object that our tools read (docs, error messages). */
export type SchemaNode = {
  type?: string | readonly string[]
  title?: string
  description?: string
  properties?: Record<string, SchemaNode>
  required?: readonly string[]
  items?: SchemaNode
  oneOf?: readonly SchemaNode[]
  enum?: readonly unknown[]
  const?: unknown
  default?: unknown
  examples?: readonly unknown[]
  minItems?: number
  maxItems?: number
  minLength?: number
  maxLength?: number
  minimum?: number
  maximum?: number
  pattern?: string
  format?: string
  uniqueItems?: boolean
}
