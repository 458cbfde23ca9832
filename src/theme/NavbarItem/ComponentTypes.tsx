import ComponentTypes from '@theme-original/NavbarItem/ComponentTypes';
import AuthNavbarItem from '@site/src/components/NavbarItems/AuthNavbarItem';
import SignedInSearchNavbarItem from '@site/src/components/NavbarItems/SignedInSearchNavbarItem';

/** The theme's navbar item types, with the search box shown to signed-in visitors only and a Log In / Log Out item. */
export default {
  ...ComponentTypes,
  search: SignedInSearchNavbarItem,
  'custom-authButton': AuthNavbarItem,
};
