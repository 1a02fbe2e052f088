/**
 * The one exception filter: REST gets application/problem+json, GraphQL gets a GraphQLError whose
 * extensions carry the same code, errors[], reason and index.
 */
import { ArgumentsHost, Catch, ExceptionFilter, Logger } from '@nestjs/common';
import { GqlContextType } from '@nestjs/graphql';
import { FastifyReply, FastifyRequest } from 'fastify';
import { GraphQLError } from 'graphql';
import { PROBLEM_CONTENT_TYPE } from './problem-error';
import { toProblem } from './to-problem';

@Catch()
export class ProblemFilter implements ExceptionFilter {
  private readonly logger = new Logger('ProblemFilter');

  catch(exception: unknown, host: ArgumentsHost): unknown {
    const e = toProblem(exception);
    // Unexpected failures get a stack; a known outage (503) is one line, it is reported by /ready too.
    if (e.status === 503) this.logger.warn(e.detail);
    else if (e.status >= 500) this.logger.error(exception instanceof Error ? exception.stack : String(exception));
    if (host.getType<GqlContextType>() === 'graphql') {
      const extensions = e.fields();
      // GraphQL clients know malformed input by one code; VARIANT_NOT_FOUND is the one api.md keeps apart.
      if (e.status === 400 && e.code !== 'VARIANT_NOT_FOUND') extensions.code = 'BAD_USER_INPUT';
      return new GraphQLError(e.detail, { extensions });
    }
    const http = host.switchToHttp();
    const reply = http.getResponse<FastifyReply>();
    const request = http.getRequest<FastifyRequest>();
    if (e.retryAfter !== undefined) reply.header('retry-after', String(e.retryAfter));
    reply.status(e.status).header('content-type', PROBLEM_CONTENT_TYPE).send(e.toProblem(request?.url));
    return undefined;
  }
}
