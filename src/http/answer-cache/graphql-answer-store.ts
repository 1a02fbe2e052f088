/**
 * The store of Apollo's response cache: GraphQL results kept in the same byte-bounded answer cache as
 * REST answers, counted as the `graphql` kind, and admitted the same way (the second time a question
 * is asked). Apollo decides what may be kept from the cache hints of the fields asked (only the pure
 * operations carry one: graphql-cache-hints.ts); a kept result is pure, so it never expires.
 */
import type { KeyValueCache } from '@apollo/utils.keyvaluecache';
import { AnswerCache } from './answer-cache';

export class GraphqlAnswerStore implements KeyValueCache<string> {
  constructor(private readonly cache: AnswerCache) {}

  async get(key: string): Promise<string | undefined> {
    if (!this.cache.enabled) return undefined;
    const body = this.cache.get('graphql', key)?.body;
    return typeof body === 'string' ? body : undefined;
  }

  async set(key: string, value: string): Promise<void> {
    if (this.cache.admits(key)) this.cache.set('graphql', key, { body: value, contentType: null, cacheControl: null, etag: null });
  }

  async delete(key: string): Promise<boolean> {
    this.cache.delete(key);
    return true;
  }
}
