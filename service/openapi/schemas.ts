/**
 * Data schemas of the OpenAPI document (`components.schemas`), generated from the TypeBox schemas of
 * `engine/schema/` and `service/schema/`: the scalar types of SPEC §2.1, the token amount object (§2.2), the action
 * response (§2.4) with the documented `steps` extension, the transaction lifecycle (§2.3 echo, §2.5 details, §4.2
 * registrations, §4.4 history) and the health answer.
 *
 * Response objects are closed (`additionalProperties: false`) and list every field as required: the service always
 * sends them all, and a test validates real responses against these schemas, so a field added, dropped or renamed
 * on either side fails it.
 */
import { componentSchemas } from './components.js'
import type { Reference, Schema } from './types.js'

/** `{$ref}` to a schema of `components.schemas`. */
export const schemaRef = (name: string): Schema => ({ $ref: `#/components/schemas/${name}` })
/** `{$ref}` to another kind of component. */
export const componentRef = (kind: 'parameters' | 'responses' | 'headers', name: string): Reference => ({
  $ref: `#/components/${kind}/${name}`,
})

/** Every data schema, by name, generated from the TypeBox schemas. The error schemas are in `errors.ts`. */
export const DATA_SCHEMAS: Readonly<Record<string, Schema>> = componentSchemas()
