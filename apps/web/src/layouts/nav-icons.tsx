import type { SvgIconComponent } from '@mui/icons-material';
import HomeOutlined from '@mui/icons-material/HomeOutlined';
import CampaignOutlined from '@mui/icons-material/CampaignOutlined';
import WorkOutlineOutlined from '@mui/icons-material/WorkOutlineOutlined';
import PublicOutlined from '@mui/icons-material/PublicOutlined';
import LibraryBooksOutlined from '@mui/icons-material/LibraryBooksOutlined';
import StorefrontOutlined from '@mui/icons-material/StorefrontOutlined';
import AdminPanelSettingsOutlined from '@mui/icons-material/AdminPanelSettingsOutlined';
import PeopleAltOutlined from '@mui/icons-material/PeopleAltOutlined';
import ReceiptLongOutlined from '@mui/icons-material/ReceiptLongOutlined';
import AccountBalanceOutlined from '@mui/icons-material/AccountBalanceOutlined';
import BusinessOutlined from '@mui/icons-material/BusinessOutlined';
import PaletteOutlined from '@mui/icons-material/PaletteOutlined';
import QueryStatsOutlined from '@mui/icons-material/QueryStatsOutlined';
import DnsOutlined from '@mui/icons-material/DnsOutlined';
import HandymanOutlined from '@mui/icons-material/HandymanOutlined';

export const NAV_ICONS: Record<string, SvgIconComponent> = {
  home: HomeOutlined,
  campaignWorkflows: CampaignOutlined,
  analysisJobs: WorkOutlineOutlined,
  globalInsights: PublicOutlined,
  resourceHub: LibraryBooksOutlined,
  vendorLookup: StorefrontOutlined,
  admin: AdminPanelSettingsOutlined,
  userManagement: PeopleAltOutlined,
  systemAuditLogs: ReceiptLongOutlined,
  issuerManagement: AccountBalanceOutlined,
  buyerManagement: BusinessOutlined,
  brandingManagement: PaletteOutlined,
  analyticsQueries: QueryStatsOutlined,
  devops: DnsOutlined,
  tools: HandymanOutlined,
};
