/**
 * The one exception filter: REST gets application/problem+json, GraphQL gets a GraphQLError whose
 * extensions carry the same code, errors[], reason and index.
 */
import { ArgumentsHost, Catch, ExceptionFilter, Logger } from '@nestjs/common';
import { GqlContextType } from '@nestjs/graphql';
import { FastifyReply, FastifyRequest } from 'fastify';
import { GraphQLError } from 'graphql';
import { toApiError } from './to-api-error';
import { PROBLEM_CONTENT_TYPE, problemBody } from './problem';

@Catch()
export class ApiExceptionFilter implements ExceptionFilter {
  private readonly logger = new Logger('ApiExceptionFilter');

  catch(exception: unknown, host: ArgumentsHost): unknown {
    const e = toApiError(exception);
    // Unexpected failures get a stack; a known outage (503) is one line, it is reported by /ready too.
    if (e.status === 503) this.logger.warn(e.detail);
    else if (e.status >= 500) this.logger.error(exception instanceof Error ? exception.stack : String(exception));
    if (host.getType<GqlContextType>() === 'graphql') {
      const extensions: Record<string, unknown> = e.body();
      if (e.status === 400 && e.code !== 'VARIANT_NOT_FOUND') extensions.code = 'BAD_USER_INPUT';
      return new GraphQLError(e.detail, { extensions });
    }
    const http = host.switchToHttp();
    const reply = http.getResponse<FastifyReply>();
    const request = http.getRequest<FastifyRequest>();
    reply.status(e.status).header('content-type', PROBLEM_CONTENT_TYPE).send(problemBody(e, request?.url));
    return undefined;
  }
}
