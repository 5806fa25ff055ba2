export const API_KEY_ENVIRONMENTS = ['staging', 'production'] as const;
export type ApiKeyEnvironment = (typeof API_KEY_ENVIRONMENTS)[number];

export type ApiKey = {
  id: string;
  name: string;
  environment: ApiKeyEnvironment;
  scopes: string[];
  prefix: string;
  createdAt: string;
  lastUsedAt: string | null;
  revokedAt: string | null;
};

export type Scope = { name: string; description: string };
