import { z } from 'zod';
import { username } from './auth.js';
import { chips, role, walletType } from './common.js';

export const wallet = z.object({ wallet_type: walletType, balance: chips });
export type Wallet = z.infer<typeof wallet>;

export const me = z.object({
  id: z.number().int(),
  username: z.string(),
  avatar_url: z.string().nullable(),
  country: z.string().nullable(),
  language: z.string().nullable(),
  parent_id: z.number().int().nullable(),
  telegram_id: z.string().nullable(),
  roles: z.array(role),
  wallets: z.array(wallet),
});
export type Me = z.infer<typeof me>;

export const changeUsernameRequest = z.object({ username });
export type ChangeUsernameRequest = z.infer<typeof changeUsernameRequest>;
/** The name as it was saved. */
export const changeUsernameAnswer = changeUsernameRequest;
export type ChangeUsernameAnswer = z.infer<typeof changeUsernameAnswer>;

export const avatarUploaded = z.object({ avatar_url: z.string() });
export type AvatarUploaded = z.infer<typeof avatarUploaded>;

export const permissionMe = z.object({ roles: z.array(role), permissions: z.array(z.string()) });
export type PermissionMe = z.infer<typeof permissionMe>;

export const usersByCountry = z.object({
  items: z.array(z.object({ country: z.string().nullable(), count: z.number().int() })),
  links: z.object({ next: z.string().nullable(), previous: z.string().nullable() }),
});

export const agentSummary = z.object({
  id: z.number().int(),
  username: z.string(),
  children_count: z.number().int(),
});
export const agentList = z.object({
  items: z.array(agentSummary),
  links: z.object({ next: z.string().nullable(), previous: z.string().nullable() }),
});

export const emoji = z.object({ id: z.number().int(), name: z.string(), is_throwable: z.boolean() });
export type Emoji = z.infer<typeof emoji>;
export const emojiList = z.object({
  items: z.array(emoji),
  links: z.object({ next: z.string().nullable(), previous: z.string().nullable() }),
});
export type EmojiList = z.infer<typeof emojiList>;
