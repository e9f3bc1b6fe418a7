import Box from "@mui/material/Box";
import ButtonBase from "@mui/material/ButtonBase";
import type { SxProps, Theme } from "@mui/material/styles";
import { lazy, Suspense, useState } from "react";
import { Link as RouterLink } from "react-router-dom";
import { textInherit } from "../../components/ui/button-styles.ts";
import { CartIcon, MenuIcon, PersonIcon } from "../../components/ui/icons.tsx";
import { DESKTOP, MOBILE, SHOP } from "../../config/shop.ts";
import { useCurrentUser } from "../../stores/session.ts";
import { SearchBox } from "./SearchBox.tsx";

// The cart's count needs the query hooks, which stay out of the first load: the plain link until then.
const CartButton = lazy(() => import("./CartButton.tsx"));

// The drawer (modal, transitions, focus trap) loads on the first open.
const SideMenu = lazy(() => import("./SideMenu.tsx"));

// The bar's buttons are MUI's `<Button color="inherit">` drawn by the ButtonBase it is built on
// (components/ui/button-styles.ts): Button's own code is not part of the first page's script.
// Round icon buttons from the same: IconButton would add its own code to the first load.
// flexShrink 0: a long user name shrinks, never the icons.
const iconButton = [...textInherit, { minWidth: 0, p: 1, borderRadius: "50%", flexShrink: 0 }] as const;

// The bar as MUI's AppBar position="sticky" elevation={0} and Toolbar draw it, as Boxes with the same
// styles: their code (with Paper's) is not part of the first page's script.
const appBar = {
  display: "flex",
  flexDirection: "column",
  width: "100%",
  boxSizing: "border-box",
  flexShrink: 0,
  position: "sticky",
  zIndex: "appBar",
  top: 0,
  left: "auto",
  right: 0,
  bgcolor: "primary.main",
  color: "primary.contrastText",
  transition: "box-shadow 300ms cubic-bezier(0.4, 0, 0.2, 1) 0ms",
} as const;

const toolbar: SxProps<Theme> = (theme) => ({
  position: "relative",
  display: "flex",
  alignItems: "center",
  // Toolbar's own heights: 56 px, 48 in landscape, 64 from 600 px.
  ...(theme.mixins.toolbar as object),
  gap: { xs: 0.5, sm: 1 },
  px: { xs: 1, sm: 2 },
});

/**
 * The signed-in user's name: whole on a wide screen (cut at 160 px), the first name on a phone;
 * the whole name stays in the text for screen readers and in the tooltip.
 */
const UserName = ({ name }: { name: string }) => {
  const [first = name, ...rest] = name.trim().split(/\s+/);
  return (
    <Box
      component="span"
      data-testid="user-name"
      title={name}
      sx={{
        m: 0,
        typography: "body1",
        minWidth: 0,
        maxWidth: { xs: 110, sm: 160 },
        whiteSpace: "nowrap",
        overflow: "hidden",
        textOverflow: "ellipsis",
      }}
    >
      {first}
      {rest.length > 0 && (
        <Box component="span" sx={{ display: { xs: "none", sm: "inline" } }}>
          {` ${rest.join(" ")}`}
        </Box>
      )}
    </Box>
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
    <Box component="header" sx={appBar}>
      <Box component="nav" aria-label="Main" sx={toolbar}>
        <ButtonBase
          focusRipple
          aria-label="Open menu"
          sx={iconButton}
          aria-haspopup="dialog"
          aria-expanded={menuOpen}
          onClick={openMenu}
        >
          <MenuIcon />
        </ButtonBase>
        {/* The styles of MUI's Link with color="inherit" underline="none" (its own code, ~1 kB brotli,
            is not part of the first page's script): h6 typography, inherited colour, no underline. */}
        <Box
          component={RouterLink}
          to="/"
          // The brand keeps its whole name on a phone: a smaller size, and it never shrinks.
          sx={{
            m: 0,
            typography: "h6",
            color: "inherit",
            textDecoration: "none",
            fontWeight: 700,
            whiteSpace: "nowrap",
            flexShrink: 0,
            fontSize: { xs: "1rem", sm: "1.25rem" },
          }}
        >
          {SHOP.name}
        </Box>
        <Box sx={{ flexGrow: 1, mx: 2, maxWidth: 480, [MOBILE]: { display: "none" } }}>
          <SearchBox label="Search" id="nav-search" />
        </Box>
        <Box sx={{ flexGrow: 1, [DESKTOP]: { display: "none" } }} />
        <ButtonBase
          focusRipple
          component={RouterLink}
          to="/uploadBookList"
          sx={[...textInherit, { whiteSpace: "nowrap", [MOBILE]: { display: "none" } }]}
        >
          Upload Booklist
        </ButtonBase>
        {user ? (
          <>
            <Suspense
              fallback={
                <ButtonBase focusRipple component={RouterLink} to="/cart" aria-label="Cart" sx={iconButton}>
                  <CartIcon />
                </ButtonBase>
              }
            >
              <CartButton />
            </Suspense>
            <ButtonBase focusRipple component={RouterLink} to="/profile" aria-label="Profile" sx={iconButton}>
              <PersonIcon />
            </ButtonBase>
            <UserName name={user.name} />
          </>
        ) : (
          <ButtonBase
            focusRipple
            component={RouterLink}
            to="/signup"
            sx={[...textInherit, { whiteSpace: "nowrap" }]}
          >
            Sign up
          </ButtonBase>
        )}
      </Box>
      <Box sx={{ px: 2, pb: 1.5, [DESKTOP]: { display: "none" } }}>
        <SearchBox label="Mobile search" id="mobile-search" />
      </Box>
      {menuLoaded && (
        <Suspense fallback={null}>
          <SideMenu open={menuOpen} onClose={() => setMenuOpen(false)} />
        </Suspense>
      )}
    </Box>
  );
};
