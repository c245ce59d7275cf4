import { useQuery } from '@tanstack/react-query';
import type { SubscriptionDto } from '../../api/contract/payments';
import { planTable, type PlanRow, type Product } from '../../domain/billing';
import { useAccountInfo } from '../../platform/queries';
import { productsQuery, subscriptionsQuery } from './billingApi';

export interface Plans {
  rows: PlanRow[];
  products: Product[];
  subscription: SubscriptionDto | null;
  present: Product | null;
  trialDays: number;
  webPurchasePossible: boolean;
  loading: boolean;
  /** SPEC §8 "We could not reliably retrieve your subscription". */
  failed: boolean;
}

/** The plan table of the signed-in user (SPEC §3/§5), with their subscription. */
export function usePlans(selectedId: string | null): Plans {
  const account = useAccountInfo().data;
  const products = useQuery(productsQuery);
  const subscriptions = useQuery(subscriptionsQuery);
  const list = products.data?.products ?? [];
  const subscription = subscriptions.data?.subscriptions[0] ?? null;
  const present = list.find((p) => p.id === subscription?.product_id) ?? null;
  const rows = planTable(
    list,
    { product: present, upcomingProductId: subscription?.upcoming_product_id ?? null },
    selectedId,
    account?.used_space ?? 0,
  );
  return {
    rows,
    products: list,
    subscription,
    present,
    trialDays: products.data?.trial_days ?? 0,
    webPurchasePossible: products.data?.web_purchase_possible ?? true,
    loading: products.isPending || subscriptions.isPending || !account,
    failed: products.isError || subscriptions.isError,
  };
}
