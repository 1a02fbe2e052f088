/**
 * Apollo's own response caching, done in the answer cache: a query whose root fields all carry cache
 * hints (graphql-cache-hints.ts, pure-operation.ts) has its result kept the second time it is asked, in
 * the same byte bound as REST answers, and a repeat is answered from it in Apollo's
 * `responseForOperation` hook, before execution. A stored game, a mutation, an answer with errors is
 * never kept.
 *
 * Why not @apollo/server-plugin-response-cache: it keeps a result as JSON text, parses it again on
 * every hit and Apollo serialises it again to send it; for a legal-moves answer of a hundred moves that
 * was 36% of the CPU of a hit (profiled). Here a kept result is the result itself with the text it was
 * sent as, and `stringifyResult` (Apollo's option for writing results) gives that text back. The key is
 * the question as sent (operation name, document, variables), not a digest of it.
 */
import type { ApolloServerPlugin, BaseContext } from '@apollo/server';
import { HeaderMap } from '@apollo/server';
import type { DocumentNode, FormattedExecutionResult } from 'graphql';
import { AnswerCache } from './answer-cache';
import { isPureOperation, pureRootFields } from './pure-operation';

/** What Apollo sends for a result (its default `stringifyResult`): the JSON and a newline. */
const written = (result: FormattedExecutionResult): string => `${JSON.stringify(result)}\n`;

export interface GraphqlAnswerCache {
  plugin: ApolloServerPlugin<BaseContext>;
  stringifyResult(result: FormattedExecutionResult): string;
}

export function graphqlAnswerCache(cache: AnswerCache): GraphqlAnswerCache {
  /** The text each kept result's data went out as; gone with the data once the cache drops it. */
  const texts = new WeakMap<object, string>();
  /** Per parsed document (Apollo keeps one per query text): whether its operation is pure. */
  const purity = new WeakMap<DocumentNode, boolean>();
  let pure: ReadonlySet<string> = new Set();

  const plugin: ApolloServerPlugin<BaseContext> = {
    async serverWillStart({ schema }) {
      pure = pureRootFields(schema);
    },
    async requestDidStart() {
      let key: string | null = null;
      let hit = false;
      return {
        async responseForOperation(ctx) {
          if (!cache.enabled || !ctx.operation) return null;
          let isPure = purity.get(ctx.document);
          if (isPure === undefined) purity.set(ctx.document, (isPure = isPureOperation(ctx.document, ctx.operation, pure)));
          if (!isPure) return null;
          key = `${ctx.request.operationName ?? ''}\n${ctx.source}\n${JSON.stringify(ctx.request.variables ?? {})}`;
          const kept = cache.get('graphql', key);
          if (kept === undefined || kept.result === undefined) return null;
          hit = true;
          return { http: { status: undefined, headers: new HeaderMap() }, body: { kind: 'single', singleResult: { data: kept.result } } };
        },
        async willSendResponse(ctx) {
          if (hit || key === null || ctx.response.body.kind !== 'single') return;
          const { data, errors, extensions } = ctx.response.body.singleResult;
          if (errors || extensions || !data || !cache.admits(key)) return;
          const text = written({ data });
          texts.set(data, text);
          cache.set('graphql', key, { body: text, result: data, contentType: null, cacheControl: null, etag: null });
        },
      };
    },
  };

  return {
    plugin,
    stringifyResult(result) {
      const kept = result.data && !result.errors && !result.extensions ? texts.get(result.data) : undefined;
      return kept ?? written(result);
    },
  };
}
