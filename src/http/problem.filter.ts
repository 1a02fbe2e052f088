/**
 * The one exception filter: REST gets application/problem+json, GraphQL gets a GraphQLError whose
 * extensions carry the same code, errors[], reason and index.
 */
import { ArgumentsHost, Catch, ExceptionFilter, Logger } from '@nestjs/common';
import { GqlContextType } from '@nestjs/graphql';
import { FastifyReply, FastifyRequest } from 'fastify';
import { GraphQLError } from 'graphql';
import { graphqlExtensions, replyProblem } from './problem-reply';
import { toProblem } from './to-problem';

@Catch()
export class ProblemFilter implements ExceptionFilter {
  private readonly logger = new Logger('ProblemFilter');

  catch(exception: unknown, host: ArgumentsHost): unknown {
    const e = toProblem(exception);
    // Unexpected failures get a stack; a known outage (503) is one line, it is reported by /ready too.
    if (e.status === 503) this.logger.warn(e.detail);
    else if (e.status >= 500) this.logger.error(exception instanceof Error ? exception.stack : String(exception));
    if (host.getType<GqlContextType>() === 'graphql') return new GraphQLError(e.detail, { extensions: graphqlExtensions(e) });
    const http = host.switchToHttp();
    replyProblem(http.getRequest<FastifyRequest>(), http.getResponse<FastifyReply>(), e);
    return undefined;
  }
}
