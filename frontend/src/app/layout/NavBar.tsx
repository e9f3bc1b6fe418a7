import { Suspense, useState } from "react";
import { Link as RouterLink } from "react-router-dom";
import { CartIcon, MenuIcon, PersonIcon } from "../../components/ui/icons.tsx";
import { SHOP } from "../../config/shop.ts";
import { fs } from "../../first-screen/classes.ts";
import { PlainButtonBase } from "../../first-screen/PlainButtonBase.tsx";
import { lazyWithMui } from "../../first-screen/with-mui.tsx";
import { useCurrentUser } from "../../stores/session.ts";
import { SearchBox } from "./SearchBox.tsx";

// The cart's count needs the query hooks, which stay out of the first load: the plain link until then.
const CartButton = lazyWithMui(() => import("./CartButton.tsx"));

// The drawer (modal, transitions, focus trap) loads on the first open.
const SideMenu = lazyWithMui(() => import("./SideMenu.tsx"));

// The bar is MUI's AppBar (sticky, elevation 0) and Toolbar; its buttons MUI's `<Button color="inherit">`,
// the round ones made round; the brand MUI's Link (color inherit, no underline) with h6 typography:
// plain elements with the rules MUI generates for them (first-screen/stylesheet.tsx), neither MUI
// nor emotion in the first page's script.

/**
 * The signed-in user's name: whole on a wide screen (cut at 160 px), the first name on a phone;
 * the whole name stays in the text for screen readers and in the tooltip.
 */
const UserName = ({ name }: { name: string }) => {
  const [first = name, ...rest] = name.trim().split(/\s+/);
  return (
    <span data-testid="user-name" title={name} className={fs.userName}>
      {first}
      {rest.length > 0 && <span className={fs.userNameRest}>{` ${rest.join(" ")}`}</span>}
    </span>
  );
};

export const NavBar = () => {
  const user = useCurrentUser();
  const [menuOpen, setMenuOpen] = useState(false);
  const [menuLoaded, setMenuLoaded] = useState(false);

  const openMenu = () => {
    setMenuLoaded(true);
    setMenuOpen(true);
  };

  return (
    <header className={fs.appBar}>
      <nav aria-label="Main" className={fs.toolbar}>
        <PlainButtonBase
          focusRipple
          aria-label="Open menu"
          className={fs.iconButton}
          aria-haspopup="dialog"
          aria-expanded={menuOpen}
          onClick={openMenu}
        >
          <MenuIcon />
        </PlainButtonBase>
        <RouterLink to="/" className={fs.brand}>
          {SHOP.name}
        </RouterLink>
        <div className={fs.navSearch}>
          <SearchBox label="Search" id="nav-search" />
        </div>
        <div className={fs.navSpacer} />
        <PlainButtonBase focusRipple component="link" to="/uploadBookList" className={fs.uploadBooklist}>
          Upload Booklist
        </PlainButtonBase>
        {user ? (
          <>
            <Suspense
              fallback={
                <PlainButtonBase
                  focusRipple
                  component="link"
                  to="/cart"
                  aria-label="Cart"
                  className={fs.iconButton}
                >
                  <CartIcon />
                </PlainButtonBase>
              }
            >
              <CartButton />
            </Suspense>
            <PlainButtonBase
              focusRipple
              component="link"
              to="/profile"
              aria-label="Profile"
              className={fs.iconButton}
            >
              <PersonIcon />
            </PlainButtonBase>
            <UserName name={user.name} />
          </>
        ) : (
          <PlainButtonBase focusRipple component="link" to="/signup" className={fs.signUp}>
            Sign up
          </PlainButtonBase>
        )}
      </nav>
      <div className={fs.mobileSearch}>
        <SearchBox label="Mobile search" id="mobile-search" />
      </div>
      {menuLoaded && (
        <Suspense fallback={null}>
          <SideMenu open={menuOpen} onClose={() => setMenuOpen(false)} />
        </Suspense>
      )}
    </header>
  );
};
