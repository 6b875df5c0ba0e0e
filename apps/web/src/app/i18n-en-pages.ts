/**
 * The English texts of the namespaces outside i18n.ts's BOOT_NAMESPACES: one chunk, loaded by ensureEnglish() with
 * the first page that needs them.
 */
import type { BOOT_NAMESPACES, TNamespace } from './i18n.ts';
import enSystem from '../locales/en/system.json';
import enTable from '../locales/en/table.json';
import enJobs from '../locales/en/jobs.json';
import enDevops from '../locales/en/devops.json';
import enAdmin from '../locales/en/admin.json';
import enProfile from '../locales/en/profile.json';
import enInsights from '../locales/en/insights.json';
import enSuppliers from '../locales/en/suppliers.json';
import enBusinessCase from '../locales/en/business-case.json';
import enPrintable from '../locales/en/printable.json';
import enAnalysisAdmin from '../locales/en/analysis-admin.json';
import enTools from '../locales/en/tools.json';
import enDev from '../locales/en/dev.json';
import enCampaigns from '../locales/en/campaigns.json';
import enResources from '../locales/en/resources.json';
import enMlPrediction from '../locales/en/ml-prediction.json';
import enAdminAccounts from '../locales/en/admin-accounts.json';
import enChat from '../locales/en/chat.json';
import enAiPrompts from '../locales/en/ai-prompts.json';
import enVendors from '../locales/en/vendors.json';
import enGlobalInsights from '../locales/en/global-insights.json';
import enReleaseNotes from '../locales/en/release-notes.json';

export const EN_PAGES = {
  system: enSystem,
  table: enTable,
  jobs: enJobs,
  devops: enDevops,
  admin: enAdmin,
  profile: enProfile,
  insights: enInsights,
  suppliers: enSuppliers,
  'business-case': enBusinessCase,
  printable: enPrintable,
  'analysis-admin': enAnalysisAdmin,
  tools: enTools,
  dev: enDev,
  campaigns: enCampaigns,
  resources: enResources,
  'ml-prediction': enMlPrediction,
  'admin-accounts': enAdminAccounts,
  chat: enChat,
  'ai-prompts': enAiPrompts,
  vendors: enVendors,
  'global-insights': enGlobalInsights,
  'release-notes': enReleaseNotes,
} satisfies Record<Exclude<TNamespace, (typeof BOOT_NAMESPACES)[number]>, unknown>;
