/** The admin every test server is configured with (`testConfig`): a domain helper logs in with it without booting the app. */
export const testAdmin = { username: 'admin', password: 'admin-password-1' } as const;
