import Box from "@mui/material/Box";
import Divider from "@mui/material/Divider";
import Drawer from "@mui/material/Drawer";
import List from "@mui/material/List";
import ListItem from "@mui/material/ListItem";
import ListItemButton from "@mui/material/ListItemButton";
import ListItemText from "@mui/material/ListItemText";
import Typography from "@mui/material/Typography";
import { isAdmin, isStaff } from "@shop/contracts";
import { Link as RouterLink, useNavigate } from "react-router-dom";
import { SHOP } from "../../config/shop.ts";
import { useLogout } from "../../features/auth/api/logout.ts";
import { useCurrentUser } from "../../stores/session.ts";

interface SideMenuProps {
  open: boolean;
  onClose: () => void;
}

/** Spec "Navigation bar": Home, Orders, Cart, Profile, Admin (admins), Delivery (staff), Contact, Login. */
export default function SideMenu({ open, onClose }: SideMenuProps) {
  const user = useCurrentUser();
  const logout = useLogout();
  const navigate = useNavigate();
  const links: [label: string, to: string][] = [
    ["Home", "/"],
    ["Orders", "/orders"],
    ["Cart", "/cart"],
    ["Profile", "/profile"],
    // Issue 18 item 9: each role's own area — admins the admin panel, staff the delivery page.
    ...(isAdmin(user?.accType) ? ([["Admin", "/admin"]] as [string, string][]) : []),
    ...(isStaff(user?.accType) ? ([["Delivery", "/delivery"]] as [string, string][]) : []),
    ["Contact", "/contact-us"],
    ["Upload Booklist", "/uploadBookList"],
  ];
  return (
    <Drawer open={open} onClose={onClose} slotProps={{ paper: { "aria-label": "Menu" } }}>
      <Box component="nav" aria-label="Menu" sx={{ width: 260 }}>
        <Typography variant="h6" sx={{ px: 2, py: 2, fontWeight: 700 }}>
          {SHOP.name}
        </Typography>
        <Divider />
        <List>
          {links.map(([label, to]) => (
            <ListItem key={to} disablePadding>
              <ListItemButton component={RouterLink} to={to} onClick={onClose}>
                <ListItemText primary={label} />
              </ListItemButton>
            </ListItem>
          ))}
          {/* A border, not a Divider: a list may hold only list items (axe 'list'). */}
          <ListItem disablePadding sx={{ borderTop: 1, borderColor: "divider", mt: 1 }}>
            {user ? (
              <ListItemButton
                disabled={logout.isPending}
                onClick={() => {
                  // mutateAsync: mutate's own callbacks are dropped once RequireAuth unmounts the page.
                  const home = () => {
                    onClose();
                    navigate("/");
                  };
                  logout.mutateAsync().then(home, home);
                }}
              >
                <ListItemText primary="Logout" />
              </ListItemButton>
            ) : (
              <ListItemButton component={RouterLink} to="/login" onClick={onClose}>
                <ListItemText primary="Login" />
              </ListItemButton>
            )}
          </ListItem>
        </List>
      </Box>
    </Drawer>
  );
}
