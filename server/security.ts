// The security knobs in one place, with the values docs/server.md documents. Tests pass a
// cheaper scrypt cost and smaller limits through buildApp; production uses these defaults.
import { OWASP_SCRYPT, type ScryptParams } from './auth/password.ts';

export interface SecurityConfig {
  /** a session unused this long is over */
  sessionIdleMs: number;
  /** a session is over this long after login, used or not */
  sessionAbsoluteMs: number;
  /** failed logins on one account within lockoutWindowMs that lock it */
  lockoutThreshold: number;
  lockoutWindowMs: number;
  /** how long the lock lasts after the failure that set it */
  lockoutMs: number;
  /** failed logins from one address within lockoutWindowMs before the address is refused */
  addressFailureLimit: number;
  /** login requests one address may make per minute (in memory, per process) */
  loginRequestsPerMinute: number;
  scrypt: ScryptParams;
  /** largest request body in bytes */
  bodyLimit: number;
  /** submissions (a message to a mailbox) one address may make to the public service per window */
  publicSubmitLimit: number;
  publicSubmitWindowMs: number;
  /** submission requests (accepted or not) one address may make per minute (in memory, per process) */
  publicSubmitRequestsPerMinute: number;
  /** seconds a browser or proxy may keep a public content answer */
  publicMaxAge: number;
  /** largest upload in bytes */
  uploadLimit: number;
  /** largest import spreadsheet in bytes, and most rows it may hold */
  importLimit: number;
  importMaxRows: number;
  /**
   * times a write runs when PostgreSQL aborts it for a deadlock or a serialization failure
   * before the caller gets a 409 "busy, try again"
   */
  writeAttempts: number;
  /**
   * how long a new upload counts as used although no row names it yet: the form that sent it
   * may still be open, unsaved (docs/api.md "Media library")
   */
  unusedFileGraceMs: number;
}

const MINUTE = 60_000;

export const DEFAULT_SECURITY: SecurityConfig = {
  sessionIdleMs: 120 * MINUTE,
  sessionAbsoluteMs: 12 * 60 * MINUTE,
  lockoutThreshold: 5,
  lockoutWindowMs: 15 * MINUTE,
  lockoutMs: 15 * MINUTE,
  addressFailureLimit: 30,
  loginRequestsPerMinute: 30,
  scrypt: OWASP_SCRYPT,
  bodyLimit: 1024 * 1024,
  publicSubmitLimit: 5,
  publicSubmitWindowMs: 10 * MINUTE,
  publicSubmitRequestsPerMinute: 30,
  publicMaxAge: 60,
  uploadLimit: 10 * 1024 * 1024,
  importLimit: 5 * 1024 * 1024,
  importMaxRows: 5000,
  writeAttempts: 5,
  unusedFileGraceMs: 24 * 60 * MINUTE,
};
