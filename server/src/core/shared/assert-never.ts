/** The default of an exhaustive switch: a new union member left unhandled is a type error, and a throw at run time. */
export function assertNever(value: never, what = 'value'): never {
  throw new Error(`Unhandled ${what}: ${JSON.stringify(value)}`);
}
