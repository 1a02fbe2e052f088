/**
 * The pool's connection class. pg-pool takes its error listener off a connection as it hands it out,
 * and TypeORM puts its own on a promise later. A server shutting down can complete a connection's
 * start-up and terminate it in the same read (ReadyForQuery, then FATAL 57P01): the FATAL is then
 * emitted between the two with nobody listening, and Node throws an unheard 'error' event as an uncaught
 * exception that ends the process. This listener is always there; it reports only an error that no one
 * else hears. The connection is dead by then, so its next query fails and the caller answers 503.
 */
import { Logger } from '@nestjs/common';
import { Client, type ClientConfig } from 'pg';

const logger = new Logger('Database');

export class AlwaysListeningClient extends Client {
  constructor(config?: string | ClientConfig) {
    super(config);
    this.on('error', (e: Error) => {
      if (this.listenerCount('error') === 1) logger.warn(`pooled connection lost while handed out: ${e.message}`);
    });
  }
}
