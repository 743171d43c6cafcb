import type {
  LoginBody,
  LoginResponse,
  PasswordResetConfirmBody,
  RegisterBody,
  RegisterWithOrganisationBody,
  TokenResponse,
} from '@kindred/shared';
import type { AppContext } from '../../context.js';
import { AppError, conflict, notFound, unauthorized } from '../../lib/errors.js';
import { decoyHash, hashPassword, verifyPassword } from '../../lib/passwords.js';
import { hashCode, issueToken, newSingleUseCode } from '../../lib/tokens.js';
import { charitiesWrites } from '../charities/index.js';
import { organisationsWrites } from '../organisations/index.js';
import { loadSessionDetail, type UserRow, usersQueries, usersWrites } from '../users/index.js';
import { activationMail, passwordResetMail, registrationAttemptMail } from './auth.mails.js';

const HOUR = 60 * 60 * 1000;
export const ACTIVATION_LIFETIME_MS = 7 * 24 * HOUR;
export const PASSWORD_RESET_LIFETIME_MS = HOUR;
/**
 * Failed sign-ins (decision 012): counted per account and address pair, never per account alone, so
 * a stranger cannot lock the owner out. After LOGIN_FREE_FAILURES for one pair in a day, each
 * further try from that address for that account waits, twice as long after each failure, up to
 * LOGIN_MAX_DELAY_MS. An address with LOGIN_FAILURES_PER_ADDRESS failures in the window, across
 * accounts, waits for the window to pass. A completed password reset clears the account's count.
 */
export const LOGIN_FAILURE_WINDOW_MS = 15 * 60 * 1000;
export const LOGIN_PAIR_WINDOW_MS = 24 * 60 * 60 * 1000;
export const LOGIN_FREE_FAILURES = 5;
export const LOGIN_MAX_DELAY_MS = 15 * 60 * 1000;
export const LOGIN_FAILURES_PER_ADDRESS = 50;

/** How long a pair with this many failures waits after its last failure. */
export function loginDelayMs(pairFailures: number): number {
  if (pairFailures < LOGIN_FREE_FAILURES) return 0;
  return Math.min(1000 * 2 ** (pairFailures - LOGIN_FREE_FAILURES), LOGIN_MAX_DELAY_MS);
}

function tooManyAttempts(waitMs: number) {
  const seconds = Math.max(1, Math.ceil(waitMs / 1000));
  return new AppError(
    429,
    'TOO_MANY_ATTEMPTS',
    `Too many failed sign-ins from here. Try again in ${seconds} seconds, or reset your password.`,
    { retry_after_seconds: seconds },
  );
}

/** What happens when a person proves their email: gifts they made as a guest with it become theirs. */
export interface AuthHooks {
  verifiedSignIn?: (user: { id: number; email: string }) => Promise<unknown>;
}

export function authService(ctx: AppContext, hooks: AuthHooks = {}) {
  const db = () => ctx.database.db;

  /** A new single-use code of the person's for the purpose; the ones before it stop working. */
  async function newCode(userId: number, purpose: 'activation' | 'password_reset', lifetimeMs: number) {
    const now = ctx.now();
    const { code, hash } = newSingleUseCode();
    await usersWrites.invalidateCodes(db(), userId, purpose, now);
    await usersWrites.insertCode(db(), userId, purpose, hash, new Date(now.getTime() + lifetimeMs), now);
    return code;
  }

  async function sendActivation(user: UserRow) {
    const code = await newCode(user.id, 'activation', ACTIVATION_LIFETIME_MS);
    await ctx.mailer.send(
      activationMail(user.email, user.firstName, `${ctx.config.publicUrl}/activate/${code}`, code),
    );
  }

  /**
   * Registers a new address, or mails the owner of a known one (decision 035): the caller gets the
   * same answer either way, after the same work (the password is hashed, one mail is sent), so a
   * registration never tells anyone whether an address has an account.
   */
  async function createUser(body: RegisterBody, organisation?: RegisterWithOrganisationBody) {
    const passwordHash = await hashPassword(body.password);
    const user = await db().transaction(async (tx) => {
      if (await usersQueries.emailTaken(tx, body.email)) return undefined;
      const created = await usersWrites.insert(
        tx,
        {
          email: body.email,
          passwordHash,
          firstName: body.first_name,
          lastName: body.last_name,
        },
        ctx.now(),
      );
      if (organisation) {
        // The charity or organisation applied for, with the person as its first admin: the
        // owning module's rows.
        const { name, registration_number, description } = organisation.organisation;
        const fields = {
          name,
          registrationNumber: registration_number ?? null,
          description: description ?? null,
        };
        const apply =
          organisation.account_type === 'charity'
            ? charitiesWrites.createApplication
            : organisationsWrites.createApplication;
        await apply(tx, created.id, fields, ctx.now());
      }
      return created;
    });
    if (user) await sendActivation(user);
    else await sendRegistrationAttempt(body.email);
  }

  /**
   * Someone tried to register a known address: its owner hears of it, with the way back in. An
   * account still waiting for activation gets a new activation link instead (as a resend would).
   */
  async function sendRegistrationAttempt(email: string) {
    const owner = await usersQueries.findByEmail(db(), email);
    if (!owner) return;
    if (!owner.isActive && !owner.deactivatedAt && !owner.deletedAt) return sendActivation(owner);
    const { publicUrl } = ctx.config;
    await ctx.mailer.send(
      registrationAttemptMail(
        owner.email,
        owner.firstName,
        `${publicUrl}/login`,
        `${publicUrl}/forgot-password`,
      ),
    );
  }

  async function issueFor(user: UserRow): Promise<TokenResponse> {
    return issueToken(ctx.config.jwtSecret, { userId: user.id, version: user.tokenVersion }, ctx.now());
  }

  return {
    issueFor,

    async register(body: RegisterBody) {
      await createUser(body);
      return { message: `We sent a message to ${body.email}. Check your mail to activate your account.` };
    },

    async registerWithOrganisation(body: RegisterWithOrganisationBody) {
      await createUser(body, body);
      const what = body.account_type === 'charity' ? 'charity' : 'organisation';
      return {
        message: `We sent a message to ${body.email}. Check your mail to activate your account; your ${what} will then be reviewed by our team.`,
      };
    },

    async activate(code: string) {
      const now = ctx.now();
      const hash = hashCode(code);
      const userId = await usersWrites.consumeCode(db(), 'activation', hash, now);
      if (userId === undefined) {
        const known = await usersQueries.findCode(db(), hash);
        if (known?.purpose !== 'activation') throw notFound('This activation code');
        if (known.usedAt)
          throw conflict('CODE_USED', 'This activation code was already used. You can sign in.');
        throw conflict('CODE_EXPIRED', 'This activation code has expired. Ask for a new activation email.');
      }
      const activated = await usersWrites.update(db(), userId, { isActive: true }, ctx.now());
      if (activated) await hooks.verifiedSignIn?.(activated);
      return { message: 'Your account is activated. You can sign in now.' };
    },

    async resendActivation(email: string) {
      const user = await usersQueries.findByEmail(db(), email);
      if (user && !user.isActive) await sendActivation(user);
      return {
        message: `If ${email} has an account waiting for activation, we sent it a new activation link.`,
      };
    },

    async login(body: LoginBody, ip: string): Promise<LoginResponse> {
      const now = ctx.now();
      const failures = await usersQueries.countLoginFailures(
        db(),
        new Date(now.getTime() - LOGIN_PAIR_WINDOW_MS),
        new Date(now.getTime() - LOGIN_FAILURE_WINDOW_MS),
        body.email,
        ip,
      );
      if (failures.byIp >= LOGIN_FAILURES_PER_ADDRESS) throw tooManyAttempts(LOGIN_FAILURE_WINDOW_MS);
      const readyAt = (failures.lastByPair?.getTime() ?? 0) + loginDelayMs(failures.byPair);
      if (readyAt > now.getTime()) throw tooManyAttempts(readyAt - now.getTime());
      const user = await usersQueries.findByEmail(db(), body.email);
      const ok = await verifyPassword(user?.passwordHash ?? (await decoyHash()), body.password);
      if (!user || !ok) {
        await usersWrites.recordLoginFailure(db(), body.email, ip, now);
        throw unauthorized('The email or password is not right.', 'INVALID_CREDENTIALS', {
          password: 'Check the email and the password.',
        });
      }
      if (user.deactivatedAt) {
        throw new AppError(
          403,
          'ACCOUNT_DEACTIVATED',
          'This account has been deactivated. Contact us if you think this is a mistake.',
        );
      }
      if (!user.isActive) {
        throw new AppError(
          403,
          'ACCOUNT_NOT_ACTIVATED',
          'Your account is not activated yet. Open the link in the activation email, or ask for a new one.',
        );
      }
      await usersWrites.clearLoginFailures(db(), body.email, ip);
      // Signing in proves the address (an account is active only once its email was confirmed).
      await hooks.verifiedSignIn?.(user);
      const [token, detail] = await Promise.all([
        issueFor(user),
        loadSessionDetail(db(), user, ctx.config.currency),
      ]);
      return { ...token, ...detail };
    },

    async requestPasswordReset(email: string) {
      const user = await usersQueries.findByEmail(db(), email);
      if (user) {
        const code = await newCode(user.id, 'password_reset', PASSWORD_RESET_LIFETIME_MS);
        await ctx.mailer.send(
          passwordResetMail(user.email, user.firstName, `${ctx.config.publicUrl}/reset-password/${code}`),
        );
      }
      return { message: `If ${email} has an account, we sent it a password reset link.` };
    },

    async confirmPasswordReset(body: PasswordResetConfirmBody) {
      const passwordHash = await hashPassword(body.password);
      await db().transaction(async (tx) => {
        const userId = await usersWrites.consumeCode(tx, 'password_reset', hashCode(body.token), ctx.now());
        if (userId === undefined) {
          throw conflict('RESET_LINK_INVALID', 'This reset link is not valid any more. Ask for a new one.');
        }
        // Following the mailed link proves the address, so the account is active from now on.
        await usersWrites.update(tx, userId, { passwordHash, isActive: true }, ctx.now());
        const user = await usersWrites.revokeTokens(tx, userId, ctx.now());
        // The owner proved the address: no failed sign-in, from anywhere, slows them down any more.
        await usersWrites.clearLoginFailures(tx, user.email);
      });
      return { message: 'Your password is set. Sign in with it now.' };
    },
  };
}
export type AuthService = ReturnType<typeof authService>;
