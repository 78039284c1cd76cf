import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '@citable/contract';
import { z } from 'zod';

export const PASSWORD_RULE = `At least ${PASSWORD_MIN_LENGTH} characters.`;

const email = z.string().trim().min(1, 'Enter your email address').pipe(z.email('Enter a valid email address'));

const newPassword = z
  .string()
  .min(PASSWORD_MIN_LENGTH, `Use at least ${PASSWORD_MIN_LENGTH} characters`)
  .max(PASSWORD_MAX_LENGTH, `Use at most ${PASSWORD_MAX_LENGTH} characters`);

export const signInSchema = z.object({
  email,
  password: z.string().min(1, 'Enter your password'),
});
export type SignInValues = z.infer<typeof signInSchema>;

export const signUpSchema = z.object({
  name: z.string().trim().min(1, 'Enter your full name').max(100, 'Use at most 100 characters'),
  email,
  password: newPassword,
});
export type SignUpValues = z.infer<typeof signUpSchema>;

export const forgotPasswordSchema = z.object({ email });
export type ForgotPasswordValues = z.infer<typeof forgotPasswordSchema>;

export const resetPasswordSchema = z
  .object({ password: newPassword, confirm: z.string() })
  .refine((values) => values.password === values.confirm, { message: 'The passwords do not match', path: ['confirm'] });
export type ResetPasswordValues = z.infer<typeof resetPasswordSchema>;
