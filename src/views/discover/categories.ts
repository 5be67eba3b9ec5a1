export {
  DISCOVER_CATEGORIES,
  type DiscoverCategory,
  isDiscoverCategory,
} from "../../../contract/discover-categories.ts";
