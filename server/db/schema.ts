/**
 * Our own tables. better-auth owns user, session, account, verification, twoFactor and
 * rateLimit; we read its user table for roles and profiles.
 */
export interface Database {
  user: {
    id: string;
    email: string;
    name: string;
    image: string | null;
    emailVerified: boolean | number;
    handle: string | null;
    role: string | null;
    twoFactorEnabled: boolean | number | null;
    createdAt: Date | string;
    updatedAt: Date | string;
  };
  server_meta: {
    key: string;
    value: string;
    updated_at: string;
  };
  idempotency_key: {
    user_id: string;
    key: string;
    method: string;
    path: string;
    status: number;
    body: string;
    created_at: string;
  };
}

export type DatabaseDialect = "sqlite" | "postgres";
