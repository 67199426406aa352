// rfc_props.vh: the formal properties of rfc (rtl/rfc.v, `ifdef FORMAL), included inside the
// module; the contract they check is stated in rfc.v's header.
  localparam integer D = Beats - 1 + XbarLatency;
  reg f_init = 1'b0;
  reg [31:0]          f_mem  [0:Banks-1][0:Rows-1][0:Lanes-1];
  reg                 f_fv   [0:Banks-1][0:D-1];
  reg [RowBits-1:0]   f_frow [0:Banks-1][0:D-1];
  reg [TagBits-1:0]   f_ftag [0:Banks-1][0:D-1];
  reg [DataBits-1:0]  f_fdat [0:Banks-1][0:D-1];
  reg                 f_ev   [0:Banks-1][0:D];
  reg [TagBits-1:0]   f_etag [0:Banks-1][0:D];
  reg [DataBits-1:0]  f_edat [0:Banks-1][0:D];
  reg [31:0]          f_since [0:Banks-1];
  reg [NumPorts-1:0]  f_rv, f_held;
  reg [DataBits-1:0]  f_rdat [0:NumPorts-1];
  reg [NumPorts*(BankBits+RowBits)-1:0] f_req_q;
  reg [31:0]          f_wait [0:NumPorts-1];
  reg [DataBits-1:0]  f_row_d;
  integer fb, fp, fs, fl, fn, fr;
  always @(posedge clk_i) f_init <= 1'b1;
  always @* if (!f_init) assume(!rst_ni);
  always @* begin
    if (!rst_ni) assume(!rd_valid_i && !wr_valid_i && !fill_valid_i && !ev_valid_i);
    for (fp = 0; fp < NumPorts; fp = fp + 1)
      if (f_held[fp])
        assume(rd_valid_i[fp] && {rd_bank_i[fp*BankBits +: BankBits], rd_row_i[fp*RowBits +: RowBits]} ==
               f_req_q[fp*(BankBits+RowBits) +: BankBits+RowBits]);
  end
  always @(posedge clk_i) begin
    for (fb = 0; fb < Banks; fb = fb + 1) begin
      for (fs = D - 1; fs > 0; fs = fs - 1) begin
        f_fv[fb][fs] <= rst_ni && f_fv[fb][fs-1];
        f_frow[fb][fs] <= f_frow[fb][fs-1]; f_ftag[fb][fs] <= f_ftag[fb][fs-1]; f_fdat[fb][fs] <= f_fdat[fb][fs-1];
      end
      f_fv[fb][0]   <= rst_ni && fill_gnt_o[fb];
      f_frow[fb][0] <= fill_row_i[fb*RowBits +: RowBits];
      f_ftag[fb][0] <= fill_tag_i[fb*TagBits +: TagBits];
      f_fdat[fb][0] <= fill_data_i[fb*DataBits +: DataBits];
      for (fs = D; fs > 0; fs = fs - 1) begin
        f_ev[fb][fs] <= rst_ni && f_ev[fb][fs-1];
        f_etag[fb][fs] <= f_etag[fb][fs-1]; f_edat[fb][fs] <= f_edat[fb][fs-1];
      end
      for (fl = 0; fl < Lanes; fl = fl + 1) f_row_d[fl*32 +: 32] = f_mem[fb][ev_row_i[fb*RowBits +: RowBits]][fl];
      f_ev[fb][0]   <= rst_ni && ev_gnt_o[fb];
      f_etag[fb][0] <= ev_tag_i[fb*TagBits +: TagBits];
      f_edat[fb][0] <= f_row_d;
      if (!rst_ni) f_since[fb] <= Beats;
      else if (fill_gnt_o[fb]) f_since[fb] <= 1;
      else if (f_since[fb] < Beats) f_since[fb] <= f_since[fb] + 1;
      if (rst_ni && f_fv[fb][D-1])
        for (fl = 0; fl < Lanes; fl = fl + 1) f_mem[fb][f_frow[fb][D-1]][fl] <= f_fdat[fb][D-1][fl*32 +: 32];
    end
    for (fp = 0; fp < NumWPorts; fp = fp + 1)
      if (rst_ni && wr_gnt_o[fp])
        for (fl = 0; fl < Lanes; fl = fl + 1)
          if (wr_mask_i[fp*Lanes + fl])
            f_mem[wr_bank_i[fp*BankBits +: BankBits]][wr_row_i[fp*RowBits +: RowBits]][fl]
              <= wr_data_i[(fp*Lanes + fl)*32 +: 32];
    for (fp = 0; fp < NumPorts; fp = fp + 1) begin
      f_rv[fp] <= rst_ni && rd_gnt_o[fp];
      for (fl = 0; fl < Lanes; fl = fl + 1)
        f_rdat[fp][fl*32 +: 32] <= f_mem[rd_bank_i[fp*BankBits +: BankBits]][rd_row_i[fp*RowBits +: RowBits]][fl];
      f_held[fp] <= rst_ni && rd_valid_i[fp] && !rd_gnt_o[fp];
      f_req_q[fp*(BankBits+RowBits) +: BankBits+RowBits] <= {rd_bank_i[fp*BankBits +: BankBits], rd_row_i[fp*RowBits +: RowBits]};
      fb = rd_bank_i[fp*BankBits +: BankBits];
      if (!rst_ni || !rd_req[fp] || rd_gnt_o[fp]) f_wait[fp] <= 0;
      else if (!arr_v[fb] && !ev_valid_i[fb] && !f_wr_on(fb)) f_wait[fp] <= f_wait[fp] + 1;
    end
  end
  function f_wr_on(input integer bb);
    integer kk;
    begin
      f_wr_on = 1'b0;
      for (kk = 0; kk < NumWPorts; kk = kk + 1)
        if (wr_valid_i[kk] && wr_bank_i[kk*BankBits +: BankBits] == bb) f_wr_on = 1'b1;
    end
  endfunction
  always @* if (f_init && rst_ni) begin
    for (fb = 0; fb < Banks; fb = fb + 1) begin
      fn = {31'd0, arr_v[fb]} + {31'd0, ev_gnt_o[fb]};
      for (fp = 0; fp < NumPorts; fp = fp + 1)
        if (rd_gnt_o[fp] && rd_bank_i[fp*BankBits +: BankBits] == fb) fn = fn + 1;
      for (fp = 0; fp < NumWPorts; fp = fp + 1)
        if (wr_gnt_o[fp] && wr_bank_i[fp*BankBits +: BankBits] == fb) fn = fn + 1;
      assert(fn <= 1);
      if (fill_gnt_o[fb]) assert(f_since[fb] >= Beats);
      assert(fill_done_valid_o[fb] == f_fv[fb][D-1]);
      if (f_fv[fb][D-1]) assert(fill_done_tag_o[fb*TagBits +: TagBits] == f_ftag[fb][D-1]);
      assert(ev_out_valid_o[fb] == f_ev[fb][D]);
      if (f_ev[fb][D]) assert(ev_out_tag_o[fb*TagBits +: TagBits] == f_etag[fb][D] &&
                              ev_out_data_o[fb*DataBits +: DataBits] == f_edat[fb][D]);
      assert(rrt_q[fb] == {NumPorts{1'b1}} << rr_q[fb]);
    end
    for (fp = 0; fp < NumPorts; fp = fp + 1) begin
      assert(rsp_valid_o[fp] == f_rv[fp]);
      if (f_rv[fp]) assert(rsp_data_o[fp*DataBits +: DataBits] == f_rdat[fp]);
      assert(f_wait[fp] < NumPorts);
      fb = rd_bank_i[fp*BankBits +: BankBits];
      if (f_wait[fp] != 0)
        assert(f_held[fp] && (fp + NumPorts - rr_q[fb]) % NumPorts + f_wait[fp] < NumPorts);
    end
  end
  // inductive strengthening: the banks hold the reference's data
  generate
    for (g = 0; g < Banks; g = g + 1) begin : f_bank
      integer fr2, fl2;
      always @* if (f_init)
        for (fr2 = 0; fr2 < Rows; fr2 = fr2 + 1)
          for (fl2 = 0; fl2 < Lanes; fl2 = fl2 + 1)
            assert(g_bank[g].mem[fr2][fl2*32 +: 32] == f_mem[g][fr2][fl2]);
    end
  endgenerate
