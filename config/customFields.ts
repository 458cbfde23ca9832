import type { BuildInfo } from './buildInfo';
import type { AuthSettings, McpSettings } from './settings';

/**
 * What `docusaurus.config.ts` hands to browser code through `customFields`. Nothing secret. The config writes
 * it and browser code reads it (`src/hooks/useSiteSettings.ts`), so it is declared here, beside the settings
 * it carries: build code never imports a hook.
 */
export interface SiteCustomFields {
  readonly contactUrl: string;
  readonly privacyUrl: string;
  readonly auth: AuthSettings;
  readonly mcp: McpSettings;
  readonly build: BuildInfo;
}
