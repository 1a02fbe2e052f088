/** The header of an answer to a retried move, given again rather than played twice (api.md section 5). */
export const REPLAYED_HEADER = 'tafl-replayed';
