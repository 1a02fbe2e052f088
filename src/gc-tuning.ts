/**
 * Imported first by main.ts: V8's allocation-site pretenuring is turned off. That heuristic allocates
 * in the old generation, from birth, the objects of an allocation site whose objects often survived
 * scavenges. Measured with bench:speed's repeated legal-moves request (2 cores, Node 20), most service
 * processes fell at start into a state where the objects promoted and then collected by full GCs were
 * those of every request (Node's IncomingMessage and ServerResponse, stream state, the written answer):
 * 30% of young objects survived each scavenge, the old generation grew by 4.5 MB every 23 ms until a
 * full collection, and a request cost 75–105 µs of CPU with 1–2.5 minor page faults (the promotions
 * filling fresh pages). A few processes never did, at 50–58 µs. Our reading: pretenuring fires on a site
 * the request path shares, and the old, dead objects it makes keep what they point to in the young
 * generation alive (the old-to-new remembered set), so that is promoted too. With pretenuring off, all
 * 14 processes tried ran at 52–59 µs and 0.04 faults a request. A flag given on the command line or in
 * NODE_OPTIONS is left alone.
 */
import { setFlagsFromString } from 'node:v8';

const given = [...process.execArgv, process.env.NODE_OPTIONS ?? ''].some((a) => /allocation[-_]site[-_]pretenuring/.test(a));
if (!given) setFlagsFromString('--no-allocation-site-pretenuring');
