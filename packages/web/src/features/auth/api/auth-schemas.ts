import { basicPasswordProblem, PASSWORD_MAX_LENGTH, PASSWORD_MESSAGES, PASSWORD_MIN_LENGTH, type PasswordContext } from '@citable/contract';
import { z } from 'zod';

/** Under new-password fields. The server also scores strength with zxcvbn and has the last word. */
export const PASSWORD_RULE = PASSWORD_MESSAGES.hint;

const email = z.string().trim().min(1, 'Enter your email address').pipe(z.email('Enter a valid email address'));

/** The contract's cheap checks (only spaces, one repeated character, the e-mail or name); the server adds zxcvbn. */
function passwordProblemMessage(password: string, account: PasswordContext = {}): string | null {
  if (password.length < PASSWORD_MIN_LENGTH || password.length > PASSWORD_MAX_LENGTH) return null;
  const problem = basicPasswordProblem(password, account);
  return problem ? PASSWORD_MESSAGES[problem] : null;
}

const newPassword = z
  .string()
  .min(PASSWORD_MIN_LENGTH, `Use at least ${PASSWORD_MIN_LENGTH} characters`)
  .max(PASSWORD_MAX_LENGTH, `Use at most ${PASSWORD_MAX_LENGTH} characters`)
  .superRefine((password, ctx) => {
    const message = passwordProblemMessage(password);
    if (message) ctx.addIssue({ code: 'custom', message });
  });

export const signInSchema = z.object({
  email,
  password: z.string().min(1, 'Enter your password'),
});
export type SignInValues = z.infer<typeof signInSchema>;

export const signUpSchema = z
  .object({
    name: z.string().trim().min(1, 'Enter your full name').max(100, 'Use at most 100 characters'),
    email,
    password: newPassword,
  })
  // Needs the other fields, so it runs once they are valid.
  .superRefine((values, ctx) => {
    const message = passwordProblemMessage(values.password, { email: values.email, name: values.name });
    if (message) ctx.addIssue({ code: 'custom', message, path: ['password'] });
  });
export type SignUpValues = z.infer<typeof signUpSchema>;

export const forgotPasswordSchema = z.object({ email });
export type ForgotPasswordValues = z.infer<typeof forgotPasswordSchema>;

export const resetPasswordSchema = z
  .object({ password: newPassword, confirm: z.string() })
  .refine((values) => values.password === values.confirm, { message: 'The passwords do not match', path: ['confirm'] });
export type ResetPasswordValues = z.infer<typeof resetPasswordSchema>;
