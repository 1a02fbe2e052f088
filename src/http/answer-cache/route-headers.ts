/**
 * The headers a pure POST route's 200 answers carry for one Origin and Accept (headersAsked), learned
 * from an answer the framework sent (content type, CORS, security headers: none depends on the body
 * asked or answered). An answer made early (early-operation.ts) goes out with them, so it carries what
 * the framework's would; until the framework has answered a route for those headers once, such
 * requests go to it.
 */

/** Origins and Accepts are client text: past this many (route, headers) pairs nothing more is learned. */
const MAX_PAIRS = 1024;

export class RouteHeaders {
  private readonly known = new Map<string, readonly string[]>();

  /** `asked`: headersAsked of the request. Flat name, value, name, value… as CachedAnswer.headers; undefined until learned. */
  get(url: string, asked: string): readonly string[] | undefined {
    return this.known.get(`${url}\n${asked}`);
  }

  has(url: string, asked: string): boolean {
    return this.known.has(`${url}\n${asked}`);
  }

  learn(url: string, asked: string, headers: readonly string[]): void {
    if (this.known.size >= MAX_PAIRS) return;
    this.known.set(`${url}\n${asked}`, headers);
  }
}
