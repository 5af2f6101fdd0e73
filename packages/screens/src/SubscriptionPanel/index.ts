export {
  SubscriptionPanel,
  type SubscriptionPanelProps,
  type SubscriptionPanelState,
} from './SubscriptionPanel.tsx';
