import { Link } from 'wouter';
import { graphql, getFragmentData, type FragmentType } from '../__generated__';
import { pickImage } from '../components/Cover';

export const CategoryTileFragment = graphql(`
  fragment CategoryTile_category on Category {
    id
    name
    icons {
      url
      width
    }
  }
`);

/** A browse category as a coloured tile: its icon fills it, its name sits on top. */
export function CategoryTile({ category }: { category: FragmentType<typeof CategoryTileFragment> }) {
  const data = getFragmentData(CategoryTileFragment, category);
  const icon = pickImage(data.icons, 200);
  return (
    <li>
      <Link
        to={`/category/${data.id}`}
        className="group relative block aspect-[4/3] overflow-hidden rounded-lg bg-neutral-700 outline-offset-2 sm:aspect-square"
      >
        {icon && (
          <img
            src={icon}
            alt=""
            loading="lazy"
            decoding="async"
            className="absolute inset-0 size-full object-cover transition group-hover:scale-105"
          />
        )}
        {/* The name reads on every icon's colours: a dark veil behind it. */}
        <span className="absolute inset-x-0 top-0 bg-gradient-to-b from-black/70 via-black/40 to-transparent p-3 pb-8 text-lg font-bold break-words text-white md:text-xl">
          {/* "Dance/Electronic" wraps after its slash rather than inside a word. */}
          {data.name.replaceAll('/', '/\u200b')}
        </span>
      </Link>
    </li>
  );
}
