import Ajv from 'ajv-draft-04';
import sarifSchema from '@microsoft/jest-sarif/lib/schemas/sarif-2.1.0-rtm.5.json' with { type: 'json' };

/**
 * Validates a SARIF log against the SARIF 2.1.0 JSON schema (draft-04) that Microsoft's SARIF SDK
 * ships in @microsoft/jest-sarif, with ajv. The three string formats the schema uses are checked
 * the way their RFCs read: a URI (absolute), a URI reference (relative allowed), a date-time.
 */
const ajv = new Ajv({
  allErrors: true,
  strict: false,
  // The schema's pattern for `language` has a stray "]", valid only outside unicode mode (as JSON Schema's ECMA 262 patterns were read then).
  unicodeRegExp: false,
  formats: {
    uri: (value: string) => URL.canParse(value),
    'uri-reference': (value: string) => URL.canParse(value, 'https://base.example/') && !/\s/.test(value),
    'date-time': (value: string) => /^\d{4}-\d{2}-\d{2}T/.test(value) && !Number.isNaN(Date.parse(value)),
  },
});
const validate = ajv.compile(sarifSchema);

/** The schema's errors for `log`, empty when it is valid SARIF 2.1.0. */
export function sarifErrors(log: unknown): string[] {
  return validate(log) ? [] : (validate.errors ?? []).map((error) => `${error.instancePath} ${error.message}`);
}
