import { ComingSoon } from '../components/common/ComingSoon';

export function ShopPage() {
  return (
    <ComingSoon title="Shop" message="The shop opens soon. Coin packages and stream actions will be listed here." />
  );
}
