import {
  changePasswordInput,
  deleteAccountInput,
  editProfileInput,
  loginInput,
  messageOutput,
  profileOutput,
  reauthenticateInput,
  registerInput,
  registerOutput,
  requestPasswordResetInput,
  resetPasswordInput,
  signInOutput,
  setLocaleInput,
} from '../../../contract/accounts';
import { setImageInput } from '../../../contract/uploads';
import { deleteAccount } from '../../../core/accounts/delete-account';
import { setInterfaceLocale } from '../../../core/accounts/interface-locale';
import { requestPasswordReset, resetPassword } from '../../../core/accounts/password-reset';
import { login, logout } from '../../../core/accounts/login';
import { changePassword, deletePicture, editProfile, getProfile, setPicture } from '../../../core/accounts/profile';
import { reauthenticate } from '../../../core/accounts/reauthenticate';
import { register } from '../../../core/accounts/register';
import { isSignedIn } from '../../../core/shared/require-user';
import { clearSession, publicProcedure, router, setSession, userProcedure } from '../trpc';

export const accountsRouter = router({
  register: publicProcedure
    .input(registerInput)
    .output(registerOutput)
    .mutation(({ ctx, input }) => register(ctx.deps, ctx.actor, input, { links: { origin: ctx.origin }, locale: ctx.locale })),
  login: publicProcedure
    .input(loginInput)
    .output(signInOutput)
    .mutation(async ({ ctx, input }) => {
      const result = await login(ctx.deps, ctx.actor, input);
      setSession(ctx, result.token, result.expiresAt);
      return { ...result.body, locale: result.locale };
    }),
  logout: publicProcedure.mutation(async ({ ctx }) => {
    await logout(ctx.deps, ctx.actor);
    clearSession(ctx);
  }),
  /** The signed-in person, or null: lets the client notice a stale session. */
  me: publicProcedure.output(profileOutput.nullable()).query(({ ctx }) => (isSignedIn(ctx.actor) ? getProfile(ctx.deps, ctx.actor) : null)),
  profile: userProcedure.output(profileOutput).query(({ ctx }) => getProfile(ctx.deps, ctx.actor)),
  edit: userProcedure
    .input(editProfileInput)
    .output(profileOutput)
    .mutation(({ ctx, input }) => editProfile(ctx.deps, ctx.actor, input, { origin: ctx.origin })),
  changePassword: userProcedure.input(changePasswordInput).mutation(async ({ ctx, input }) => {
    const session = await changePassword(ctx.deps, ctx.actor, input);
    setSession(ctx, session.token, session.expiresAt);
  }),
  /** Always the same answer; the link goes by email only when an account uses the address. */
  requestPasswordReset: publicProcedure
    .input(requestPasswordResetInput)
    .output(messageOutput)
    .mutation(({ ctx, input }) => requestPasswordReset(ctx.deps, ctx.actor, input, { origin: ctx.origin })),
  resetPassword: publicProcedure
    .input(resetPasswordInput)
    .mutation(({ ctx, input }) => resetPassword(ctx.deps, ctx.actor, input, { origin: ctx.origin })),
  setPicture: userProcedure.input(setImageInput).mutation(({ ctx, input }) => setPicture(ctx.deps, ctx.actor, input)),
  deletePicture: userProcedure.mutation(({ ctx }) => deletePicture(ctx.deps, ctx.actor)),
  /** Needs the current password, or a sign-in within the last ten minutes. */
  deleteAccount: userProcedure.input(deleteAccountInput).mutation(async ({ ctx, input }) => {
    await deleteAccount(ctx.deps, ctx.actor, input);
    clearSession(ctx);
  }),
  /** The language of the person's pages and emails (the footer's switcher; docs/decisions/0042-interface-languages.md). */
  setLocale: userProcedure.input(setLocaleInput).mutation(({ ctx, input }) => setInterfaceLocale(ctx.deps, ctx.actor, input.locale)),
  /** The password typed again: a fresh sign-in for this session (before "Download my data", a plain link). */
  reauthenticate: userProcedure
    .input(reauthenticateInput)
    .mutation(({ ctx, input }) => reauthenticate(ctx.deps, ctx.actor, input.current_password)),
});
