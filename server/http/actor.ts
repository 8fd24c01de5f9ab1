// Who is writing: the caller's session and address for the audit log, and the language the
// write's problems are worded in.
import type { FastifyRequest } from 'fastify';
import type { WriteActor } from '../resources/store.ts';
import { requestLang } from './lang.ts';

export function actorOf(request: FastifyRequest): WriteActor {
  return { auth: request.auth!, address: request.ip, lang: requestLang(request) };
}
