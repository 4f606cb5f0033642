// The astroapi TypeScript SDK: the types of every route, generated from
// the server's OpenAPI document by openapi-typescript with its default
// settings (src/schema.d.ts), and calls made by openapi-fetch. This file is
// the hand-written part: a client that sends the API key (and a language)
// with every request.
import createClient, { type Client, type Middleware } from "openapi-fetch";
import type { components, operations, paths } from "./schema.js";

export type { components, operations, paths };

/** Options of createAstroClient. */
export interface AstroClientOptions {
  /** The server's base URL, e.g. "https://api.example.com". */
  baseUrl: string;
  /** The API key (from the key console, /api-keys). */
  apiKey?: string;
  /** Send the key as Authorization: Bearer instead of x-api-key. */
  bearer?: boolean;
  /**
   * The language of the names' labels (es, pt, fr, de, it, ru, tr, hi, zh,
   * ja, en): every envelope gains `labels`, the translations by category;
   * results keep their English identifiers.
   */
  lang?: string;
  /** A fetch implementation (the global one by default). */
  fetch?: typeof globalThis.fetch;
}

/** A typed client of every route: api.POST("/api/v1/natal", { body }). */
export function createAstroClient(options: AstroClientOptions): Client<paths> {
  const client = createClient<paths>({
    baseUrl: options.baseUrl.replace(/\/+$/, ""),
    fetch: options.fetch,
  });
  const auth: Middleware = {
    onRequest({ request }) {
      if (options.apiKey) {
        if (options.bearer) {
          request.headers.set("Authorization", `Bearer ${options.apiKey}`);
        } else {
          request.headers.set("x-api-key", options.apiKey);
        }
      }
      if (options.lang) {
        request.headers.set("Accept-Language", options.lang);
      }
      return request;
    },
  };
  client.use(auth);
  return client;
}

/** The envelope's result of an operation's 200 answer, by operation id. */
export type Result<Op extends keyof operations> = operations[Op] extends {
  responses: { 200: { content: { "application/json": { result: infer R } } } };
}
  ? R
  : never;
