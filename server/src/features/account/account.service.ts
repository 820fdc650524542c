import { randomInt } from 'node:crypto';
import QRCode from 'qrcode';
import { generateSecret, generateURI, verify as verifyTotp } from 'otplib';
import { effectivePermissions } from '@parley/contracts/permissions';
import { messages } from '@parley/contracts/messages';
import {
  defaultPreferences,
  RECOVERY_CODE_COUNT,
  recoveryCodePattern,
  type LoginResult,
  type Preferences,
  type SessionUser,
} from '@parley/contracts/account';
import type { Config } from '../../config';
import { AppError } from '../../platform/errors';
import { hashPassword, verifyPassword } from '../../platform/passwords';
import { randomToken, sha256, type SecretBox } from '../../platform/secrets';
import type { SessionsService } from '../../platform/sessions';
import type { CaptchaService } from '../../platform/captcha';
import type { Mailer } from '../../platform/mail';
import { resolveFlags } from '../../platform/feature-flags';
import type { AccountRepository, EnterpriseRow, UserRow } from './account.repository';

/** Sign-in throttle (docs/decisions/011): per email and client address, never per account alone. */
const FREE_FAILURES = 4;
const FIRST_DELAY_MS = 2_000;
const MAX_DELAY_MS = 15 * 60 * 1000;
const FAILURE_WINDOW_MS = 24 * 60 * 60 * 1000;
const CHALLENGE_MS = 5 * 60 * 1000;
const MAX_CHALLENGE_ATTEMPTS = 5;
const ACTIVATION_MS = 7 * 24 * 60 * 60 * 1000;
const RESET_MS = 60 * 60 * 1000;
const RECOVERY_ALPHABET = 'abcdefghijklmnopqrstuvwxyz0123456789';

function newRecoveryCodes(): string[] {
  const part = () => Array.from({ length: 4 }, () => RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)]).join('');
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => `${part()}-${part()}`);
}

interface ClientInfo {
  ip?: string;
  userAgent?: string;
}

export interface AccountServiceDeps {
  repository: AccountRepository;
  sessions: SessionsService;
  captcha: CaptchaService;
  mailer: Mailer;
  secrets: SecretBox;
  config: Pick<Config, 'scryptLogN' | 'publicUrl' | 'title' | 'hideSignup' | 'featuresOff' | 'signupActivation'>;
}

export function createAccountService(deps: AccountServiceDeps) {
  const { repository, sessions, captcha, mailer, secrets, config } = deps;
  // A fixed hash to compare against when the email is unknown, so timing does not reveal accounts.
  const dummyHash = hashPassword(randomToken(), config.scryptLogN);

  function toSessionUser(user: UserRow, enterprise: EnterpriseRow): SessionUser {
    const flags = resolveFlags(enterprise.settings, config.featuresOff, config.hideSignup);
    return {
      uId: user.id,
      userName: user.email,
      name: user.name,
      emailId: user.email,
      profilePic: user.profilePic,
      roles: user.roles,
      permissions: effectivePermissions(user.roles, flags),
      twoFactorAuth: user.totpSecretEnc !== null,
      artifactsEnabled: user.artifactsEnabled,
      enterprise: {
        id: enterprise.id,
        name: enterprise.name,
        title: enterprise.settings.title ?? config.title,
        twoFactAuthEnterpriseLevel: enterprise.settings.twoFactorRequired === true,
        recordExternalCampaigns: enterprise.settings.recordExternalCampaigns === true,
      },
      flags,
    };
  }

  async function signIn(user: UserRow, removeExistingSession: boolean, client: ClientInfo): Promise<LoginResult> {
    const enterprise = await repository.findEnterprise(user.enterpriseId);
    if (!enterprise) throw new AppError('LOGIN_INVALID');
    if (removeExistingSession) await sessions.revokeAllForUser(user.id);
    const { token } = await sessions.create({ userId: user.id, enterpriseId: user.enterpriseId, ...client });
    return { state: 'signedIn', token, user: toSessionUser(user, enterprise) };
  }

  async function newTotpSecret(email: string) {
    const secret = generateSecret();
    const otpauthUrl = generateURI({ issuer: config.title, label: email, secret });
    const qrCode = await QRCode.toDataURL(otpauthUrl, { margin: 1, width: 220 });
    return { secret, otpauthUrl, qrCode };
  }

  /** RFC 6238 with ±1 step; a code whose time step was already used is refused. */
  async function checkTotp(user: UserRow, secret: string, code: string): Promise<boolean> {
    const currentStep = Math.floor(Date.now() / 1000 / 30);
    // A step recorded ahead of this clock (skew between instances) cannot be beaten by any code now.
    if (user.totpLastStep !== null && user.totpLastStep > currentStep + 1) return false;
    const result = await verifyTotp({
      secret,
      token: code,
      epochTolerance: 30,
      ...(user.totpLastStep !== null ? { afterTimeStep: user.totpLastStep } : {}),
    }).catch(() => ({ valid: false as const }));
    if (!result.valid || !('epoch' in result)) return false;
    return repository.claimTotpStep(user.id, Math.floor(result.epoch / 30));
  }

  function link(pathAndQuery: string) {
    return `${config.publicUrl}${pathAndQuery}`;
  }

  /** The throttle's key of an email, known or not, so that both are treated alike. */
  function accountKey(email: string) {
    return sha256(email.trim().toLowerCase());
  }

  /** 0 for the first FREE_FAILURES failures, then 2 s, 4 s, 8 s … up to 15 minutes. */
  function delayAfter(failures: number) {
    if (failures < FREE_FAILURES) return 0;
    return Math.min(MAX_DELAY_MS, FIRST_DELAY_MS * 2 ** Math.min(failures - FREE_FAILURES, 20));
  }

  async function refuseSignIn(key: string, client: string): Promise<never> {
    const failures = await repository.recordSignInFailure(key, client, FAILURE_WINDOW_MS);
    const delay = delayAfter(failures);
    if (delay > 0) await repository.blockSignIn(key, client, new Date(Date.now() + delay));
    throw new AppError('LOGIN_INVALID');
  }

  return {
    toSessionUser,

    async login(
      input: { email: string; password: string; captchaId: string; captcha: string; removeExistingSession: boolean },
      client: ClientInfo,
    ) {
      await captcha.check(input.captchaId, input.captcha, 'login');
      // Known and unknown emails take the same steps: throttle, one scrypt, the same answer.
      const key = accountKey(input.email);
      const clientKey = client.ip ?? 'unknown';
      const failures = await repository.findSignInFailures(key, clientKey);
      const blockedUntil = failures?.blockedUntil;
      if (blockedUntil && blockedUntil > new Date()) {
        const seconds = Math.ceil((blockedUntil.getTime() - Date.now()) / 1000);
        throw new AppError('SIGN_IN_THROTTLED', {
          message: `Too many failed sign-ins from here. Please wait ${seconds} second${seconds === 1 ? '' : 's'} and try again, or reset your password.`,
        });
      }
      const user = await repository.findUserByEmail(input.email);
      const passwordOk = await verifyPassword(input.password, user?.passwordHash ?? (await dummyHash));
      if (!user || !passwordOk) return refuseSignIn(key, clientKey);
      if (user.state !== 1) throw new AppError('ACCOUNT_INACTIVE');
      if (failures) await repository.clearSignInFailures(key, clientKey);

      const enterprise = await repository.findEnterprise(user.enterpriseId);
      const challengeToken = randomToken();
      const challengeBase = {
        tokenHash: sha256(challengeToken),
        userId: user.id,
        removeExistingSession: input.removeExistingSession,
        expiresAt: new Date(Date.now() + CHALLENGE_MS),
      };
      if (user.totpSecretEnc) {
        await repository.createChallenge({ ...challengeBase, kind: 'verify' });
        return { result: { state: 'twoFactor', challengeId: challengeToken } satisfies LoginResult, user };
      }
      if (enterprise?.settings.twoFactorRequired) {
        const enrolment = await newTotpSecret(user.email);
        await repository.createChallenge({
          ...challengeBase,
          kind: 'enrol',
          pendingSecretEnc: secrets.seal(enrolment.secret),
        });
        return {
          result: { state: 'enrolTwoFactor', challengeId: challengeToken, ...enrolment } satisfies LoginResult,
          user,
        };
      }
      return { result: await signIn(user, input.removeExistingSession, client), user };
    },

    async verifyLogin(input: { challengeId: string; securityCode: string }, client: ClientInfo) {
      const challenge = await repository.findChallenge(sha256(input.challengeId));
      if (!challenge || challenge.expiresAt < new Date() || challenge.attempts >= MAX_CHALLENGE_ATTEMPTS) {
        if (challenge) await repository.deleteChallenge(challenge.id);
        throw new AppError('TWO_FACTOR_CHALLENGE_EXPIRED');
      }
      const user = await repository.findUser(challenge.userId);
      if (!user || user.state !== 1) throw new AppError('TWO_FACTOR_CHALLENGE_EXPIRED');
      const sealed = challenge.kind === 'enrol' ? challenge.pendingSecretEnc : user.totpSecretEnc;
      const code = input.securityCode.toLowerCase();
      const accepted = recoveryCodePattern.test(code)
        ? challenge.kind === 'verify' && (await repository.consumeRecoveryCode(user.id, sha256(code)))
        : !!sealed && (await checkTotp(user, secrets.open(sealed), input.securityCode));
      if (!sealed || !accepted) {
        await repository.bumpChallengeAttempts(challenge.id);
        throw new AppError('TWO_FACTOR_INVALID', { fieldErrors: { securityCode: 'Invalid security code' } });
      }
      await repository.deleteChallenge(challenge.id);
      if (challenge.kind === 'enrol')
        await repository.updateUser(user.id, { totpSecretEnc: sealed, totpPendingEnc: null });
      const fresh = (await repository.findUser(user.id))!;
      return { result: await signIn(fresh, challenge.removeExistingSession, client), user: fresh };
    },

    async me(userId: string) {
      const row = await repository.findUserWithEnterprise(userId);
      if (!row) throw new AppError('UNAUTHENTICATED');
      return toSessionUser(row.user, row.enterprise);
    },

    async signup(input: { name: string; enterpriseName: string; emailId: string; password: string }) {
      if (config.hideSignup) throw new AppError('SIGNUP_DISABLED');
      if (await repository.findUserByEmail(input.emailId)) {
        throw new AppError('EMAIL_TAKEN', { fieldErrors: { emailId: 'This email is already registered' } });
      }
      const passwordHash = await hashPassword(input.password, config.scryptLogN);
      const code = randomToken();
      const { enterprise } = await repository.transaction(async (tx) => {
        const enterprise = await repository.createEnterprise(tx, input.enterpriseName);
        const user = await repository.createUser(tx, {
          enterpriseId: enterprise.id,
          email: input.emailId,
          name: input.name,
          passwordHash,
          roles: [1],
          state: 0,
        });
        await repository.createCode(
          {
            userId: user.id,
            kind: 'activate',
            codeHash: sha256(code),
            expiresAt: new Date(Date.now() + ACTIVATION_MS),
          },
          tx,
        );
        return { enterprise, user };
      });
      const activationPath = `/signup-verify/${code}`;
      if (config.signupActivation === 'screen') {
        return {
          message:
            'Your account has been created. This server does not send mail, so activate your account with the link below.',
          activationPath,
        };
      }
      const url = link(activationPath);
      await mailer.send({
        enterpriseId: enterprise.id,
        to: input.emailId,
        subject: `Activate your ${config.title} account`,
        text: `Hello ${input.name},\n\nWelcome to ${config.title}. Activate your account by opening this link:\n${url}\n\nThe link is valid for 7 days.`,
      });
      if (mailer.transport !== 'smtp') {
        // A server install that chose mail but has none yet: say so rather than 'check your email'.
        return {
          message:
            "Your account has been created, but this server cannot send mail yet, so the activation link was not sent. Please ask the server's operator to set up mail.",
        };
      }
      return { message: 'Your account has been created. Please check your email to activate it.' };
    },

    async activate(code: string) {
      const used = await repository.consumeCode('activate', sha256(code));
      if (!used) throw new AppError('ACTIVATION_INVALID');
      await repository.updateUser(used.userId, { state: 1 });
      return { message: 'Your account has been activated. Please sign in.' };
    },

    async recover(input: { emailId: string; captchaId: string; captcha: string }) {
      await captcha.check(input.captchaId, input.captcha, 'forgetPassword');
      const user = await repository.findUserByEmail(input.emailId);
      if (user && user.state === 1) {
        const code = randomToken();
        // Only the newest link works: issuing one ends the earlier ones.
        await repository.transaction(async (tx) => {
          await repository.endResetCodes(user.id, tx);
          await repository.createCode(
            { userId: user.id, kind: 'reset', codeHash: sha256(code), expiresAt: new Date(Date.now() + RESET_MS) },
            tx,
          );
        });
        const query = new URLSearchParams({ uId: user.id, eId: user.enterpriseId, resetCode: code });
        const url = link(`/reset-password?${query.toString()}`);
        await mailer.send({
          enterpriseId: user.enterpriseId,
          to: user.email,
          subject: `Reset your ${config.title} password`,
          text: `Hello ${user.name},\n\nSomeone asked to reset the password of your ${config.title} account. To choose a new password, open this link:\n${url}\n\nThe link is valid for one hour and can be used once. If you did not ask for this, you can ignore this mail.`,
        });
      }
      return { message: messages.forgotSent };
    },

    async resetPassword(input: { uId: string; eId: string; resetCode: string; password: string }) {
      const user = await repository.findUser(input.uId);
      if (!user || user.enterpriseId !== input.eId) throw new AppError('RESET_LINK_INVALID');
      const passwordHash = await hashPassword(input.password, config.scryptLogN);
      const used = await repository.transaction(async (tx) => {
        const code = await repository.consumeCode('reset', sha256(input.resetCode), tx);
        if (!code || code.userId !== user.id) return null;
        await repository.updateUser(user.id, { passwordHash }, tx);
        await repository.endResetCodes(user.id, tx);
        // The owner who proved their mailbox is never kept waiting by a stranger's failures.
        await repository.clearSignInFailures(accountKey(user.email), undefined, tx);
        return code;
      });
      if (!used) throw new AppError('RESET_LINK_INVALID');
      await sessions.revokeAllForUser(user.id);
      return { message: messages.resetDone };
    },

    async changePassword(
      auth: { userId: string; sessionId: string },
      input: { currentPassword: string; password: string },
    ) {
      const user = await repository.findUser(auth.userId);
      if (!user) throw new AppError('UNAUTHENTICATED');
      if (!(await verifyPassword(input.currentPassword, user.passwordHash))) {
        throw new AppError('CURRENT_PASSWORD_WRONG', {
          fieldErrors: { currentPassword: 'Your current password is not correct' },
        });
      }
      const passwordHash = await hashPassword(input.password, config.scryptLogN);
      await repository.transaction(async (tx) => {
        await repository.updateUser(user.id, { passwordHash }, tx);
        await repository.endResetCodes(user.id, tx);
      });
      const ended = await sessions.revokeAllForUser(user.id, auth.sessionId);
      return {
        message:
          ended > 0
            ? `Your password has been changed. ${ended} other session${ended === 1 ? ' was' : 's were'} signed out.`
            : 'Your password has been changed.',
      };
    },

    async startTwoFactor(userId: string) {
      const user = await repository.findUser(userId);
      if (!user) throw new AppError('UNAUTHENTICATED');
      if (user.totpSecretEnc) throw new AppError('TWO_FACTOR_ALREADY_ENABLED');
      const enrolment = await newTotpSecret(user.email);
      await repository.updateUser(user.id, { totpPendingEnc: secrets.seal(enrolment.secret) });
      return enrolment;
    },

    async enableTwoFactor(userId: string, code: string) {
      const user = await repository.findUser(userId);
      if (!user) throw new AppError('UNAUTHENTICATED');
      if (user.totpSecretEnc) throw new AppError('TWO_FACTOR_ALREADY_ENABLED');
      if (!user.totpPendingEnc) throw new AppError('TWO_FACTOR_NOT_ENROLLED');
      if (!(await checkTotp(user, secrets.open(user.totpPendingEnc), code))) {
        throw new AppError('TWO_FACTOR_INVALID', { fieldErrors: { code: 'Invalid security code' } });
      }
      const codes = newRecoveryCodes();
      await repository.transaction(async (tx) => {
        await repository.updateUser(user.id, { totpSecretEnc: user.totpPendingEnc, totpPendingEnc: null }, tx);
        await repository.saveRecoveryCodes(user.id, user.enterpriseId, codes.map(sha256), tx);
      });
      return { message: 'Two-factor authentication is now enabled.', recoveryCodes: codes };
    },

    async regenerateRecoveryCodes(userId: string, code: string) {
      const user = await repository.findUser(userId);
      if (!user) throw new AppError('UNAUTHENTICATED');
      if (!user.totpSecretEnc) throw new AppError('TWO_FACTOR_NOT_ENROLLED');
      if (!(await checkTotp(user, secrets.open(user.totpSecretEnc), code))) {
        throw new AppError('TWO_FACTOR_INVALID', { fieldErrors: { code: 'Invalid security code' } });
      }
      const codes = newRecoveryCodes();
      await repository.saveRecoveryCodes(user.id, user.enterpriseId, codes.map(sha256));
      return { message: 'New recovery codes were created. The old ones no longer work.', recoveryCodes: codes };
    },

    async updateProfile(
      auth: { userId: string; enterpriseId: string },
      input: { name: string; profilePic: string | null },
    ) {
      let profilePic: string | null = null;
      if (input.profilePic !== null) {
        const file = await repository.findFile(auth.enterpriseId, input.profilePic);
        if (!file || !['image/jpeg', 'image/png'].includes(file.contentType)) {
          throw new AppError('VALIDATION', { fieldErrors: { profilePic: 'Upload a jpeg or png picture' } });
        }
        profilePic = `/api/files/${file.id}`;
      }
      await repository.updateUser(auth.userId, { name: input.name, profilePic });
      const row = await repository.findUserWithEnterprise(auth.userId);
      if (!row) throw new AppError('UNAUTHENTICATED');
      return toSessionUser(row.user, row.enterprise);
    },

    async preferences(userId: string): Promise<Preferences> {
      const stored = (await repository.findProfile(userId))?.preferences ?? {};
      return {
        enablePushNotification: stored.enablePushNotification ?? defaultPreferences.enablePushNotification,
        enableChatNotification: stored.enableChatNotification ?? defaultPreferences.enableChatNotification,
        audioSettings:
          (stored.audioSettings as Preferences['audioSettings'] | undefined) ?? defaultPreferences.audioSettings,
      };
    },

    async updatePreferences(auth: { userId: string; enterpriseId: string }, input: Preferences) {
      await repository.savePreferences(auth.userId, auth.enterpriseId, input);
      return input;
    },

    async disableTwoFactor(userId: string, code: string) {
      const row = await repository.findUserWithEnterprise(userId);
      if (!row) throw new AppError('UNAUTHENTICATED');
      const { user, enterprise } = row;
      if (!user.totpSecretEnc) throw new AppError('TWO_FACTOR_NOT_ENROLLED');
      if (enterprise.settings.twoFactorRequired) throw new AppError('TWO_FACTOR_REQUIRED_BY_ENTERPRISE');
      if (!(await checkTotp(user, secrets.open(user.totpSecretEnc), code))) {
        throw new AppError('TWO_FACTOR_INVALID', { fieldErrors: { code: 'Invalid security code' } });
      }
      await repository.updateUser(user.id, { totpSecretEnc: null, totpPendingEnc: null });
      await repository.saveRecoveryCodes(user.id, user.enterpriseId, []);
      return { message: 'Two-factor authentication is now disabled.' };
    },
  };
}
export type AccountService = ReturnType<typeof createAccountService>;
