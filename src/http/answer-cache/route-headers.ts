/**
 * The headers a pure POST route's 200 answers carry for one Origin, learned from an answer the
 * framework sent (content type, CORS, security headers: none depends on the body asked or answered).
 * An answer made early (early-operation.ts) goes out with them, so it carries what the framework's
 * would; until the framework has answered a route for an origin once, that origin's requests go to it.
 */

/** Origins are client text: past this many (route, origin) pairs nothing more is learned. */
const MAX_PAIRS = 1024;

export class RouteHeaders {
  private readonly known = new Map<string, readonly string[]>();

  /** Flat name, value, name, value… as CachedAnswer.headers; undefined until learned. */
  get(url: string, origin: string | undefined): readonly string[] | undefined {
    return this.known.get(`${url}\n${origin ?? ''}`);
  }

  has(url: string, origin: string | undefined): boolean {
    return this.known.has(`${url}\n${origin ?? ''}`);
  }

  learn(url: string, origin: string | undefined, headers: readonly string[]): void {
    if (this.known.size >= MAX_PAIRS) return;
    this.known.set(`${url}\n${origin ?? ''}`, headers);
  }
}
