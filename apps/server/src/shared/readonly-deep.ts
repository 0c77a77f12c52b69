/**
 * A protocol shape as the server builds it. zod infers mutable arrays and fields, while the
 * engine hands out read-only ones; a sender only needs to produce the shape, never to mutate it.
 */
export type ReadonlyDeep<T> = T extends readonly (infer U)[]
  ? readonly ReadonlyDeep<U>[]
  : T extends object
    ? { readonly [K in keyof T]: ReadonlyDeep<T[K]> }
    : T;
