// Who is writing, for the audit log: the caller's session and address.
import type { FastifyRequest } from 'fastify';
import type { WriteActor } from '../resources/store.ts';

export function actorOf(request: FastifyRequest): WriteActor {
  return { auth: request.auth!, address: request.ip };
}
