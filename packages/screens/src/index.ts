// The product's screens, above the kit (@pentland/ui): each is bound to the product's packages (auth-machine,
// site-data, poster, articles) or composes a product flow from the kit's components.

// Site chrome filled with site-data's content
export * from './SiteNav/index.ts';
// Auth: the forms, guards and screens of @pentland/auth-machine's views
export * from './AuthForm/index.ts';
export * from './PasswordUpdateForm/index.ts';
export * from './AuthCallbackScreen/index.ts';
export * from './AuthRequired/index.ts';
export * from './AdminAccessRequired/index.ts';
export * from './AccessDenied/index.ts';
export * from './Guards/index.ts';
// Account settings (the /profile page)
export * from './AccountSettings/index.ts';
// Public forms
export * from './EnquiryForm/index.ts';
export * from './ConsultationRequestForm/index.ts';
export * from './ManageBooking/index.ts';
export * from './ContactForm/index.ts';
export * from './EboardSubmissionForm/index.ts';
export * from './PackageBuilder/index.ts';
// Dashboards and moderation
export * from './StatusBadge/index.ts';
export * from './EnquiryDashboard/index.ts';
export * from './ConsultationTypesManager/index.ts';
export * from './AvailabilityEditor/index.ts';
export * from './ConsultationAgenda/index.ts';
export * from './EboardModeration/index.ts';
export * from './EboardBoard/index.ts';
export * from './BlogList/index.ts';
export * from './EboardSchedule/index.ts';
export * from './EboardDisplays/index.ts';
// Posters
export * from './PosterToolbar/index.ts';
export * from './LayersPanel/index.ts';
export * from './LayerProperties/index.ts';
export * from './TemplatePicker/index.ts';
export * from './ScanAnalytics/index.ts';
// Articles, chat, premium
export * from './ArticleGenerator/index.ts';
export * from './ArticleConflictDialog/index.ts';
export * from './ArticleSharePreview/index.ts';
export * from './ArticleNeighbours/index.ts';
export * from './ArticleHistory/index.ts';
export * from './Chat/index.ts';
export * from './SubscriptionPanel/index.ts';
export * from './PlanCards/index.ts';
