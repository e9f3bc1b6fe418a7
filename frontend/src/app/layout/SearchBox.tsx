import Box from "@mui/material/Box";
import { type FormEvent, useState } from "react";
import { useNavigate } from "react-router-dom";
import { SearchIcon } from "../../components/ui/icons.tsx";

/** Spec "Navigation bar": the search box leads to /search/{text} (/search when empty). */
export const SearchBox = ({ label, id }: { label: string; id: string }) => {
  const [text, setText] = useState("");
  const navigate = useNavigate();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const q = text.trim();
    navigate(q ? `/search/${encodeURIComponent(q)}` : "/search");
  };
  return (
    <Box
      component="form"
      role="search"
      aria-label={label}
      onSubmit={submit}
      sx={{
        display: "flex",
        alignItems: "center",
        bgcolor: "rgba(255,255,255,0.16)",
        borderRadius: 1,
        px: 1,
        "&:focus-within": { bgcolor: "rgba(255,255,255,0.26)" },
      }}
    >
      <label
        htmlFor={id}
        style={{ position: "absolute", width: 1, height: 1, overflow: "hidden", clip: "rect(0 0 0 0)" }}
      >
        {label}
      </label>
      <Box
        component="input"
        id={id}
        type="search"
        placeholder="Search books and schools"
        value={text}
        onChange={(e: FormEvent<HTMLInputElement>) => setText(e.currentTarget.value)}
        sx={{
          flexGrow: 1,
          minWidth: 0,
          border: 0,
          outline: 0,
          bgcolor: "transparent",
          color: "inherit",
          font: "inherit",
          py: 1,
          "&::placeholder": { color: "inherit", opacity: 0.75 },
        }}
      />
      <Box
        component="button"
        type="submit"
        aria-label="Search"
        sx={{
          display: "flex",
          border: 0,
          bgcolor: "transparent",
          color: "inherit",
          cursor: "pointer",
          p: 0.5,
        }}
      >
        <SearchIcon />
      </Box>
    </Box>
  );
};
