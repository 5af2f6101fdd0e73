import { packageParam } from '@pentland/site-data';
import { PackageBuilder } from '@pentland/screens';
import { usePackageBuilder } from './usePackageBuilder.ts';

/** The package builder, its package kept in the address (`?package=`): the part of /service-packages that runs. */
export default function PackageBuilderIsland() {
  const { items, problems, change, code } = usePackageBuilder();
  return (
    <PackageBuilder
      items={items}
      onChange={change}
      problems={problems}
      requestHref={`/consultation-request?${packageParam}=${code}`}
      shareHref={`/service-packages?${packageParam}=${code}`}
    />
  );
}
