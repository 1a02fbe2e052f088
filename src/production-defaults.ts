/**
 * Imported first by main.ts: the compiled server runs as production unless told otherwise. graphql-js
 * reads NODE_ENV once, when it loads, and outside production it checks every type test across realms
 * (about 6% of a GraphQL request here).
 */
process.env.NODE_ENV ??= 'production';
